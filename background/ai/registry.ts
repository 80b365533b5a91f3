// The one registry of AI ports: the half of each port that runs calls and says its status, keyed by the same ids as the core's half that chooses.
import { createAIRoles, type AIPort, type AIRoles } from '../../shared/ai';
import type { AIPortId, ReportingPortId } from '../../shared/core/ai-targets';
import { PROMPT_LIMITS } from '../../shared/core/core-limits';
import type { NativeChannel } from '../helper/native-channel';
import type { Worker } from '../worker';
import { BrowserModel } from './browser-model-port';
import { helperPort } from './helper-port';
import type { PortRunner, ReportingPortRunner } from './port-runner';

/** Every port id has its runner; the core's facts decide which must report (a missing one fails the typecheck). */
export type AIPortRunners = { readonly [P in AIPortId]: P extends ReportingPortId ? ReportingPortRunner : PortRunner };

/**
 * The ports' running halves, made with what the worker has (its platform, diagnostics) and the helper's channel;
 * a new port is one file in this folder, its entry here, and its facts in `AI_PORTS` (shared/core/ai-targets).
 */
export function aiPortRunners(worker: Worker, channel: NativeChannel): AIPortRunners {
  return {
    helper: { open: (target) => helperPort(channel, target) },
    browser: new BrowserModel(worker.platform.languageModel, undefined, (message) => worker.diagnostics.add('warn', message)),
  };
}

/** The roles on a port opened on the backend and model a call was launched with, under its timeout. */
export function rolesOn(port: AIPort, timeoutMs: number): AIRoles {
  return createAIRoles(port, PROMPT_LIMITS, timeoutMs);
}
