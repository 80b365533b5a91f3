// The imperative shell: owns the controller state, applies events in order, runs their effects, publishes the view.
import {
  initialState,
  surfaceView,
  transition,
  viewChanges,
  type ControllerEffect,
  type ControllerEvent,
  type ControllerState,
  type Refusal,
  type SurfaceView,
  type ViewChanges,
} from '../shared/core/controller';
import type { StatePush } from '../shared/messages/pushes';
import type { Diagnostics } from './diagnostics';

export interface ShellDeps {
  now(): number;
  /**
   * Runs one effect; results come back through `send`. A returned promise settles when it is done
   * (rejects when a write failed).
   */
  runEffect(effect: ControllerEffect, send: (event: ControllerEvent) => void): Promise<void> | void;
  /** The view changed, and what that changes for each surface (decided here, once). */
  publish(push: StatePush, changes: ViewChanges): void;
  /** The whole settings record's revision (the controller holds only the session's part of it). */
  settingsRevision(): string;
  /**
   * Sees the view after every change of state, new or not (the tabs' own badges: a tab looked at again
   * while nothing else changed is still given its badge); the same object while the view is unchanged. Must be cheap.
   */
  viewed?(view: SurfaceView, state: ControllerState): void;
  /** Sees every applied transition (the history recorder); must be cheap and must not throw. */
  observeTransition?(before: ControllerState, after: ControllerState, event: ControllerEvent): void;
}

type Restored = Extract<ControllerEvent, { type: 'stateRestored' }>;

/** What became of a sent event: applied, or refused by the controller (why, in words; the state is as it was). */
export interface Sent {
  refused: Refusal | null;
}

const APPLIED: Sent = { refused: null };

export class Shell {
  /** Built when first needed: at hydration from the stored settings, so a woken worker never builds the defaults. */
  #state: ControllerState | undefined;
  #hydrated = false;
  /** The view last published, and its JSON: the one place that decides whether anything changed. */
  #published: { view: SurfaceView; key: string } | null = null;
  readonly #queue: Array<() => void> = [];
  readonly #send = (event: ControllerEvent): void => void this.send(event);

  constructor(
    private readonly deps: ShellDeps,
    readonly diagnostics: Diagnostics,
  ) {}

  /** The controller state, read-only: only events change it. */
  get state(): ControllerState {
    return (this.#state ??= initialState());
  }

  get isHydrated(): boolean {
    return this.#hydrated;
  }

  /**
   * Applies an event (after hydration: events that arrive earlier wait, in order, never lost),
   * runs its effects, and pushes the view if it changed. Resolves when the effects are done, with the controller's
   * refusal when it refused the event; rejects when an effect failed to write, which callers that promise durability await.
   */
  send(event: ControllerEvent): Promise<Sent> {
    const done = this.#hydrated
      ? this.#apply(event)
      : new Promise<Sent>((resolve, reject) => this.#queue.push(() => this.#apply(event).then(resolve, reject)));
    // The failure is already in diagnostics: a caller that does not await must not see it as unhandled.
    done.catch(() => {});
    return done;
  }

  /** The stored state is back: it is applied first, then everything that waited for it. */
  hydrate(restored: Restored): void {
    this.#state ??= initialState({ settings: restored.settings });
    void this.#apply(restored).catch(() => {});
    this.#hydrated = true;
    for (const work of this.#queue.splice(0)) work();
    this.publish();
  }

  #apply(event: ControllerEvent): Promise<Sent> {
    const before = this.state;
    let effects: ControllerEffect[];
    let sent = APPLIED;
    try {
      const step = transition(before, event);
      this.#state = step.state;
      effects = step.effects;
      if (step.refused) sent = { refused: step.refused };
    } catch (error) {
      // One bad event must not take the service worker's listeners down with it.
      this.#internalError(error);
      return Promise.resolve(APPLIED);
    }
    try {
      this.deps.observeTransition?.(before, this.state, event);
    } catch (error) {
      // History is a bystander: its failure must not cost the person a banner.
      this.#internalError(error);
    }
    const running = effects.map((effect) => this.#run(effect));
    if (this.#state !== before) this.publish();
    return Promise.all(running).then(() => sent);
  }

  #run(effect: ControllerEffect): Promise<void> {
    try {
      return Promise.resolve(this.deps.runEffect(effect, this.#send));
    } catch (error) {
      this.#internalError(error);
      return Promise.resolve();
    }
  }

  #internalError(error: unknown): void {
    this.diagnostics.add('error', `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }

  snapshot(): StatePush {
    return { type: 'state', view: surfaceView(this.state, this.deps.settingsRevision()), now: this.deps.now() };
  }

  /**
   * Pushes the view to every open surface, unless it says nothing new: most observations change
   * only what the view does not show, and each push wakes every tab's toast.
   */
  publish(): void {
    if (!this.#hydrated) return;
    const push = this.snapshot();
    const key = JSON.stringify(push.view);
    const previous = this.#published;
    if (key !== previous?.key) {
      this.#published = { view: push.view, key };
      this.deps.publish(push, viewChanges(previous?.view ?? null, push.view));
    }
    try {
      // The published view: the same object for as long as nothing in it changes.
      this.deps.viewed?.(this.#published!.view, this.state);
    } catch (error) {
      this.#internalError(error);
    }
  }
}
