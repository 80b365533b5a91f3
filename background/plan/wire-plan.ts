// Wires the planner: its alarm, the answers to its notices, and the controller's transitions that wake it (settings saved, a session ended).
import { openPopup } from '../notifications';
import type { Observer } from '../observe/observer';
import type { Worker } from '../worker';
import { routeBlockClicks } from './block-notices';
import type { HistoryRecorder } from '../history/history-recorder';
import { PLAN_ALARM, Planner } from './planner';

/** What the plan reads: the history, and the other features' lines for its end-of-day summary. */
export interface PlanNeeds {
  readonly history: HistoryRecorder;
  daySummaryLines(): Promise<string[]>;
}

export function wirePlan(worker: Worker, { history, daySummaryLines }: PlanNeeds, observer: Observer): Planner {
  const { now, shell, ready } = worker;
  const planner: Planner = new Planner({
    now,
    zone: worker.platform.timeZone ?? (() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    settings: () => worker.settings.current,
    sessionRunning: () => shell.state.phase !== 'idle',
    // A block starts its session by the controller's own event, as the popup's Start does.
    startSession: async (input) => {
      await shell.send({ type: 'sessionStarted', at: now(), input }).catch(() => {});
      if (shell.state.phase === 'idle') return false;
      observer.observeActiveTab();
      return true;
    },
    saveBlock: (block) => history.saveBlock(block),
    today: () => history.today(),
    summaryLines: daySummaryLines,
    diagnostics: worker.diagnostics,
  });
  const wake = () => void planner.wake().catch(() => {});
  // The schedule may have changed, or a block may have waited for this session to end.
  worker.onTransition((before, after, event) => {
    if (event.type === 'settingsSaved' || (before.phase !== 'idle' && after.phase === 'idle')) wake();
  });
  worker.alarms.own(PLAN_ALARM, () => void ready.then(wake));
  routeBlockClicks(worker.notifications, {
    // A start refused (a template without a commitment) opens the popup, where the offer says why in words.
    start: (key) =>
      void ready
        .then(() => planner.start(key))
        .catch((error: unknown) => {
          worker.warn('the block could not start')(error);
          void openPopup().catch(() => {});
        }),
    snooze: (key) => void ready.then(() => planner.snooze(key)).catch(() => {}),
  });
  worker.whenReady(wake);
  return planner;
}
