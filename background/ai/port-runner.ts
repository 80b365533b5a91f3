// The running half of an AI port as the registry holds it: opens a port on a target, and may report its own status.
import type { AIPort } from '../../shared/ai';
import type { AITarget } from '../../shared/core/ai-targets';
import type { PortStatus } from '../../shared/core/port-status';

/** Opens the port on the target a call was launched with. */
export interface PortRunner {
  open(target: AITarget): AIPort;
}

/** A port that reports its own status also says it when asked (at start, each tick, by Options); the helper's is the host connection. */
export interface ReportingPortRunner extends PortRunner {
  status(): Promise<PortStatus>;
}
