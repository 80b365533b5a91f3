// Wires the AI ports: each port's running half behind the roles, and the status of each port that reports one, asked at start and each tick.
import type { AIRoles } from '../../shared/ai';
import { REPORTING_PORT_IDS, type AITarget } from '../../shared/core/ai-targets';
import type { NativeChannel } from '../helper/native-channel';
import type { Worker } from '../worker';
import { aiPortRunners, rolesOn } from './registry';

export interface WiredAI {
  rolesOn(target: AITarget, timeoutMs: number): AIRoles;
  /** A port's status changes outside us (the built-in model: a download, a policy): asked at start, each tick, and by Options. */
  checkPorts(): Promise<void>;
}

export function wireAI(worker: Worker, channel: NativeChannel): WiredAI {
  const { now, shell } = worker;
  const runners = aiPortRunners(worker, channel);
  const ai: WiredAI = {
    rolesOn: (target, timeoutMs) => rolesOn(runners[target.port].open(target), timeoutMs),
    checkPorts: async () => {
      await Promise.all(
        REPORTING_PORT_IDS.map(async (port) =>
          shell.send({ type: 'aiPortChecked', at: now(), port, status: await runners[port].status() }),
        ),
      );
    },
  };
  worker.effects.rolesOn = ai.rolesOn;
  worker.whenReady(() => void ai.checkPorts().catch(() => {}));
  return ai;
}
