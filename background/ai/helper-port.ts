// The helper's CLI backends as an AI port: one `run` round trip on the backend and model a call was launched with.
import { AIFailure, type AIPort } from '../../shared/ai';
import { HELPER_DIAGNOSTICS, type AITarget } from '../../shared/core/ai-targets';
import { errorText } from '../../shared/util/error-text';
import type { NativeChannel } from '../helper/native-channel';

/**
 * The role's prompt goes as it is: the helper gives the CLI the one system prompt (shared/protocol),
 * and every failure the helper words (message and hint) is passed on as it is.
 */
export function helperPort(channel: NativeChannel, target: AITarget): AIPort {
  const { backend, model } = target;
  return {
    name: backend,
    async complete({ prompt, timeoutMs }) {
      let result;
      try {
        result = await channel.run(backend, model, prompt, timeoutMs);
      } catch (error) {
        throw new AIFailure({
          kind: 'unavailable',
          message: `${backend} could not be asked: the helper did not answer (${errorText(error)})`,
          hint: HELPER_DIAGNOSTICS,
        });
      }
      if (!result.ok) throw new AIFailure(result.error);
      return result.text;
    },
  };
}
