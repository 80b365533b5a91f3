// Wires the AI ports: the helper's and the browser's built-in model behind the roles, and the model's availability, asked at start and each tick.
import type { AIRoles } from '../../shared/ai';
import type { AITarget } from '../../shared/core/ai-targets';
import type { NativeChannel } from '../helper/native-channel';
import type { Worker } from '../worker';
import { BrowserModel } from './browser-model-port';
import { helperPort } from './helper-port';
import { rolesOn, type AIPortRunners } from './registry';

export interface WiredAI {
  rolesOn(target: AITarget, timeoutMs: number): AIRoles;
  /** The built-in model's availability changes outside us (a download, a policy): asked at start, each tick, and by Options. */
  checkBrowserModel(): Promise<void>;
}

export function wireAI(worker: Worker, channel: NativeChannel): WiredAI {
  const { now, shell } = worker;
  const browserModel = new BrowserModel(worker.platform.languageModel, undefined, (message) => worker.diagnostics.add('warn', message));
  const runners: AIPortRunners = { helper: (target) => helperPort(channel, target), browser: () => browserModel };
  const ai: WiredAI = {
    rolesOn: (target, timeoutMs) => rolesOn(runners, target, timeoutMs),
    checkBrowserModel: async () => shell.send({ type: 'browserModelChecked', at: now(), model: await browserModel.status() }),
  };
  worker.effects.rolesOn = ai.rolesOn;
  worker.whenReady(() => void ai.checkBrowserModel().catch(() => {}));
  return ai;
}
