// What can happen to the controller (events, past tense) and what it asks the shell to do (effects).
import type { HostConnection } from '../host-connection';
import type { SessionSettings } from '../session-settings';
import type { ObservationSource } from '../vocabulary';
import type { Commitment, DriftState, ObservationRecord, SessionRecord, WaitPurpose } from './controller-records';
import type { AITarget, ReportingPortId } from '../ai-targets';
import type { PromptCommitment } from '../../ai/vocabulary';
import type { PortStatus } from '../port-status';
import type { Rhythm } from '../rhythm';
import type { Blocking } from '../session-blocking';

export interface SessionStartInput {
  commitment: Commitment;
  allowed: string[];
  blocked: string[];
  timeboxMinutes?: number | undefined;
  /** Work, then a break, again and again; absent: no breaks. */
  rhythm?: Rhythm | undefined;
  /** Blocked sites are blocked and ending early or pausing waits (opt-in, per session). */
  strict?: boolean | undefined;
  /** Anything not on the allowed list is drift at once; no AI is asked. */
  allowlistOnly?: boolean | undefined;
}

export type ControllerEvent =
  | { type: 'sessionStarted'; at: number; input: SessionStartInput }
  | { type: 'sessionPaused'; at: number }
  | { type: 'sessionResumed'; at: number }
  | { type: 'sessionEnded'; at: number }
  /** A strict session's wait to end early or pause began (the popup counts it down). */
  | { type: 'waitStarted'; at: number; purpose: WaitPurpose }
  /** The person kept going, or closed the popup: the wait is off. */
  | { type: 'waitAbandoned'; at: number }
  /** The block page stopped a navigation to a blocked site. */
  | { type: 'navigationBlocked'; at: number; site: string }
  /** The shell loaded what storage kept; `drift` is null after a browser restart (clean drift state). */
  | {
      type: 'stateRestored';
      at: number;
      settings: SessionSettings;
      session: SessionRecord | null;
      drift: DriftState | null;
      lastSessionId: number;
    }
  | { type: 'observed'; observation: ObservationRecord }
  | { type: 'ticked'; at: number }
  /** The person saved settings (Options, an import, another browser's sync): the session's part of the record. */
  | { type: 'settingsSaved'; at: number; settings: SessionSettings }
  /** The native channel's view of the host changed: connection, backends, watcher. */
  | { type: 'hostStatusChanged'; at: number; host: HostConnection }
  /** An AI port that reports its own status said it (the helper's is the host above). */
  | { type: 'aiPortChecked'; at: number; port: ReportingPortId; status: PortStatus }
  /**
   * A judge answered; `backend` is the one that did (the launch's target). `key`: the page its verdict belongs to, as the
   * launch said (absent: the app's, as for every desktop app and ordinary site).
   */
  | {
      type: 'judgeSucceeded';
      at: number;
      sessionId: number;
      launch: number;
      key?: string;
      app: string;
      backend: string;
      drifting: boolean;
      reason: string;
    }
  /** A judge failed; `error` is the sentence a person reads. */
  | { type: 'judgeFailed'; at: number; sessionId: number; launch: number; key?: string; app: string; backend: string; error: string }
  | { type: 'nudgeSucceeded'; at: number; sessionId: number; stretch: number; backend: string; message: string }
  | { type: 'nudgeFailed'; at: number; sessionId: number; stretch: number; backend: string; error: string }
  | { type: 'backToTaskChosen'; at: number }
  | { type: 'onTaskChosen'; at: number }
  /** "Save for later": the drifting tab goes on the Later list and closes; the drift ends as with Back to task. */
  | { type: 'savedForLaterChosen'; at: number }
  /** The banner of this drift episode was answered with Escape (Back to task answers it too). */
  | { type: 'bannerDismissed'; at: number; episode: number }
  /** The person dismissed this heads-up text; it stays hidden in every surface until the advice moves on. */
  | { type: 'nudgeDismissed'; at: number; message: string }
  /** No input for the away threshold, or the screen locked (chrome.idle); `at` is when it began. */
  | { type: 'awayStarted'; at: number; why: AwayReason }
  /** Input again after being away. */
  | { type: 'awayEnded'; at: number };

export type AwayReason = 'idle' | 'locked';

export type ControllerEventType = ControllerEvent['type'];

/** When an event happened (an observation carries its own time). */
export function eventTime(e: ControllerEvent): number {
  return e.type === 'observed' ? e.observation.at : e.at;
}

export type ControllerEffect =
  | {
      type: 'runJudge';
      sessionId: number;
      launch: number;
      commitment: PromptCommitment;
      title: string;
      /** The page of a mixed-use site or the app its verdict will be cached under; `app` is what the prompt names. */
      key: string;
      app: string;
      source: ObservationSource;
      timeoutMs: number;
      /** The backend and model chosen at launch; the shell runs exactly these. */
      target: AITarget;
    }
  | {
      type: 'runNudge';
      sessionId: number;
      stretch: number;
      commitment: PromptCommitment;
      titles: string[];
      timeoutMs: number;
      target: AITarget;
    }
  /** Re-arm the single wake-up alarm at `at` (null: none needed). */
  | { type: 'armAlarm'; at: number | null }
  | { type: 'saveSession'; session: SessionRecord | null; lastSessionId: number }
  | { type: 'saveDrift'; drift: DriftState }
  /** The session's part changed here (an entry added from a banner): the shell merges it into the stored record. */
  | { type: 'saveSettings'; settings: SessionSettings }
  | { type: 'focusPlace'; observation: ObservationRecord }
  /** Put this tab on the Later list (the session it was saved in, or null) and close it. */
  | { type: 'saveForLater'; observation: ObservationRecord; sessionId: number | null }
  /**
   * An OS app (where no toast is visible) drifted: raise a system notification, once per episode
   * (`repeat`: a strict session says it again while the app keeps focus).
   */
  | { type: 'notifyDrift'; episode: number; app: string; reason: string; repeat: boolean }
  /** Block these sites in the browser now (null: block nothing, and clear whatever an earlier run left). */
  | { type: 'setBlocking'; blocking: Blocking | null }
  /** Count the person away after this long without input (and, on start, ask whether they are away now). */
  | { type: 'watchAway'; afterSeconds: number; askNow: boolean }
  | { type: 'notifyTimeboxEnded'; commitment: string }
  /** A break of the session's rhythm began; work comes back at `endsAt`. */
  | { type: 'notifyBreakStarted'; commitment: string; minutes: number; endsAt: number }
  /** The break is over: "Back to: <next action>". */
  | { type: 'notifyBreakEnded'; nextAction: string }
  | { type: 'log'; level: 'info' | 'warn'; message: string };
