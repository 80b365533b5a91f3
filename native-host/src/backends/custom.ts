// Custom backends from host.json: a fixed program and argv; `{model}` may replace one whole element.
import type { CustomBackendSettings } from '../config.js';
import { CREDENTIAL_WORDS } from './text-utils.js';
import type { BackendSpec } from './types.js';

export const MODEL_PLACEHOLDER = '{model}';

export function customBackend(name: string, settings: CustomBackendSettings): BackendSpec {
  const usesModel = settings.args.includes(MODEL_PLACEHOLDER);
  return {
    name,
    executable: settings.bin,
    custom: true,
    installHint: `check its \`bin\` in the helper's host.json, or choose another backend in Options`,
    loginHint: `log in to ${name} the way its own documentation says`,
    authPattern: CREDENTIAL_WORDS,
    requiresModel: usesModel,
    ...(settings.model !== undefined ? { defaultModel: settings.model } : {}),
    env: settings.env ?? {},
    // Only exact elements are replaced: a model name can never split into or splice extra arguments.
    argv: (model) => settings.args.map((arg) => (arg === MODEL_PLACEHOLDER ? (model ?? '') : arg)),
    extract: ({ stdout }) => ({ kind: 'text', text: stdout }),
  };
}
