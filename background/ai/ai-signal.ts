// The abort signal of one AI call: the run's own timeout plus the host's grace.
import { HOST_TIMEOUT_GRACE_MS } from '../../shared/protocol/protocol-limits';

/** The extension gives up a grace period after the run's own timeout, by which the host has answered. */
export const aiSignal = (timeoutMs: number): AbortSignal => AbortSignal.timeout(timeoutMs + HOST_TIMEOUT_GRACE_MS);
