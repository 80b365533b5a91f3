// The one registry of AI ports: the half of each port that runs calls, keyed by the same ids as the core's half that chooses.
import { createAIRoles, type AIPort, type AIRoles } from '../../shared/ai';
import type { AIPortId, AITarget } from '../../shared/core/ai-targets';
import { PROMPT_LIMITS } from '../../shared/core/limits';
import { HOST_TIMEOUT_GRACE_MS } from '../../shared/protocol/limits';

/** Opens the port a target names; a new port is one file here and one entry in shared/core/ai-targets. */
export type AIPortRunners = { readonly [P in AIPortId]: (target: AITarget) => AIPort };

/** The roles on the port, backend and model a call was launched with, under its timeout. */
export function rolesOn(runners: AIPortRunners, target: AITarget, timeoutMs: number): AIRoles {
  return createAIRoles(runners[target.port](target), PROMPT_LIMITS, timeoutMs);
}

/** The extension gives up a grace period after the run's own timeout, by which the host has answered. */
export const aiSignal = (timeoutMs: number): AbortSignal => AbortSignal.timeout(timeoutMs + HOST_TIMEOUT_GRACE_MS);
