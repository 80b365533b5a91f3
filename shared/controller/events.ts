// What can happen to the controller (events, past tense) and what it asks the shell to do (effects).
import type { Commitment, ControllerConfig, ObservationRecord, SessionRecord, VolatileState } from './model';

export interface SessionStartInput {
  commitment: Commitment;
  allowed: string[];
  blocked: string[];
  timeboxMinutes?: number;
}

export type ControllerEvent =
  | { type: 'sessionStarted'; at: number; input: SessionStartInput }
  | { type: 'sessionPaused'; at: number }
  | { type: 'sessionResumed'; at: number }
  | { type: 'sessionEnded'; at: number }
  /** The shell loaded a saved session; `volatile` is null after a browser restart (clean drift state). */
  | { type: 'stateRestored'; at: number; session: SessionRecord | null; volatile: VolatileState | null; lastSessionId: number }
  | { type: 'observed'; observation: ObservationRecord }
  | { type: 'ticked'; at: number }
  | { type: 'configChanged'; at: number; config: Partial<ControllerConfig> }
  | { type: 'judgeSucceeded'; at: number; sessionId: number; gen: number; app: string; drifting: boolean; reason: string }
  | { type: 'judgeFailed'; at: number; sessionId: number; gen: number; app: string; error: string }
  | { type: 'nudgeSucceeded'; at: number; sessionId: number; epoch: number; message: string }
  | { type: 'nudgeFailed'; at: number; sessionId: number; epoch: number; error: string }
  | { type: 'backToTaskChosen'; at: number }
  | { type: 'onTaskChosen'; at: number }
  | { type: 'bannerDismissed'; at: number; episode: number };

export type ControllerEffect =
  | {
      type: 'runJudge';
      sessionId: number;
      gen: number;
      commitment: string;
      title: string;
      app: string;
      source: 'tab' | 'os';
      timeoutMs: number;
    }
  | { type: 'runNudge'; sessionId: number; epoch: number; commitment: string; titles: string[]; timeoutMs: number }
  /** Re-arm the single wake-up alarm at `at` (null: none needed). */
  | { type: 'armAlarm'; at: number | null }
  | { type: 'saveSession'; session: SessionRecord | null; lastSessionId: number }
  | { type: 'saveVolatile'; volatile: VolatileState }
  /** Persist an app the person declared on task into the default allowed list. */
  | { type: 'rememberAllowed'; entry: string }
  | { type: 'focusPlace'; observation: ObservationRecord }
  /** An OS app (where no toast is visible) drifted: raise a system notification, once per episode. */
  | { type: 'notifyDrift'; episode: number; app: string; title: string; reason: string }
  | { type: 'notifyTimeboxEnded'; commitment: string }
  | { type: 'log'; level: 'info' | 'warn'; message: string };
