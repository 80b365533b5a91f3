// The imperative shell: owns the controller state, serialises events, runs effects, publishes state.
import {
  initialState,
  toView,
  transition,
  type ControllerConfig,
  type ControllerEffect,
  type ControllerEvent,
  type ControllerState,
} from '../../shared/controller';
import type { HostStatus, StatePush } from '../../shared/messages';
import type { Settings } from '../../shared/settings';
import { chooseBackend } from './ai';
import type { Diagnostics } from './diagnostics';
import type { ChannelStatus } from './native-channel';

export interface ShellDeps {
  now(): number;
  runEffect(effect: ControllerEffect): void;
  publish(push: StatePush): void;
  onDismissalForgotten?(): void;
}

/** Controller timings and switches derived from settings and the host's status. */
export function configFrom(settings: Settings, status: ChannelStatus): Partial<ControllerConfig> {
  return {
    nudgeDebounceMs: Math.round(settings.nudgeIntervalMinutes * 60_000),
    judgeDebounceMs: Math.round(settings.judgeDebounceSeconds * 1000),
    aiTimeoutMs: settings.aiTimeoutSeconds * 1000,
    aiAvailable: chooseBackend(settings, status) !== null,
    nudgeEnabled: settings.nudgeEnabled,
    // Re-evaluate at least as often as a nudge may fire, so short intervals are honoured.
    reevaluateEveryMs: Math.max(10_000, Math.min(60_000, Math.round(settings.nudgeIntervalMinutes * 60_000))),
  };
}

export class Shell {
  state: ControllerState = initialState();
  settings: Settings;
  channelStatus: ChannelStatus = { connection: 'connecting', backends: [] };
  dismissedNudge: string | null = null;
  private hydrated = false;
  private lastPublished = '';
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly deps: ShellDeps,
    readonly diagnostics: Diagnostics,
    settings: Settings,
  ) {
    this.settings = settings;
  }

  /** Runs `work` now if hydrated, else once hydration is done: events are queued, never lost. */
  whenReady(work: () => void): void {
    if (this.hydrated) this.safely(work);
    else this.queue.push(work);
  }

  markHydrated(): void {
    this.hydrated = true;
    for (const work of this.queue.splice(0)) this.safely(work);
    this.publish();
  }

  get isHydrated(): boolean {
    return this.hydrated;
  }

  private safely(work: () => void): void {
    try {
      work();
    } catch (error) {
      // One bad event must not take the service worker's listeners down with it.
      this.diagnostics.add('error', `internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    }
  }

  dispatch(event: ControllerEvent): void {
    const before = this.state;
    const step = transition(before, event);
    this.state = step.state;
    for (const effect of step.effects) this.safely(() => this.deps.runEffect(effect));
    if (step.state === before) return;
    this.forgetStaleDismissal(before);
    this.publish();
  }

  /**
   * A dismissal hides one text. Once the advice moves on (a new text, or none), the dismissal is
   * forgotten, so the same advice returning later shows again.
   */
  private forgetStaleDismissal(before: ControllerState): void {
    const nudge = (s: ControllerState) => toView(s).drift.nudge ?? '';
    const now = nudge(this.state);
    if (this.dismissedNudge !== null && now !== nudge(before) && now !== this.dismissedNudge) {
      this.dismissedNudge = null;
      this.deps.onDismissalForgotten?.();
    }
  }

  /** Re-derives the controller config (after settings or host status changed). */
  reconfigure(): void {
    this.dispatch({ type: 'configChanged', at: this.deps.now(), config: configFrom(this.settings, this.channelStatus) });
  }

  hostStatus(): HostStatus {
    const s = this.channelStatus;
    return {
      connection: s.connection,
      backends: s.backends,
      activeBackend: chooseBackend(this.settings, s),
      ...(s.hostVersion ? { hostVersion: s.hostVersion } : {}),
      ...(s.platform ? { platform: s.platform } : {}),
      ...(s.watcher ? { watcher: s.watcher } : {}),
      ...(s.error ? { error: s.error } : {}),
      ...(s.nextRetryAt ? { nextRetryAt: s.nextRetryAt } : {}),
    };
  }

  snapshot(): StatePush {
    return { type: 'state', view: toView(this.state), host: this.hostStatus(), dismissedNudge: this.dismissedNudge, now: this.deps.now() };
  }

  /**
   * Pushes the state to every open surface, unless it says nothing new: most observations change
   * only what the view does not show, and each push wakes every tab's toast.
   */
  publish(): void {
    if (!this.hydrated) return;
    const push = this.snapshot();
    const { now: _stampedAt, ...content } = push;
    const key = JSON.stringify(content);
    if (key === this.lastPublished) return;
    this.lastPublished = key;
    this.deps.publish(push);
  }
}
