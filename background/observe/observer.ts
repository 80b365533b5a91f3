// Turns tab, window-focus and host window events into observations, in the order they happened.
import { browser } from 'wxt/browser';
import { observeOsWindow, observeTab, type TabFacts } from '../../shared/core/observe';
import type { WindowEvent } from '../../shared/protocol/frames';
import type { Shell } from '../shell';
import type { ObserverMemory } from '../store';
import { errorText } from '../../shared/util/error-text';
import { serial } from '../../shared/util/serial';
import { tabById } from './tab-at-wake';

/** windows.WINDOW_ID_NONE in Chromium and Firefox: the browser lost focus to another app. */
const WINDOW_ID_NONE = -1;

/** A lookup started before its turn: its failure is reported when its turn awaits it, not as an unhandled rejection now. */
function early<T>(lookup: Promise<T>): Promise<T> {
  lookup.catch(() => {});
  return lookup;
}

export class Observer {
  #memory: ObserverMemory = { focus: 'browser' };
  /** Serialises async lookups so a slow tabs.get cannot reorder two observations. */
  readonly #observations = serial({
    onError: (error) => this.shell.diagnostics.add('warn', `observation skipped: ${errorText(error)}`),
  });

  constructor(
    private readonly shell: Shell,
    private readonly now: () => number,
    private readonly extensionOrigin: string,
    private readonly persist: (memory: ObserverMemory) => void,
  ) {}

  /** Queues an observation; a failed one is said in diagnostics, and the rest go on. */
  private enqueue(work: () => Promise<void>): void {
    void this.#observations.run(work);
  }

  /**
   * Holds every observation until `hydrated` settles: the event that wakes the worker must be read
   * with the person's privacy settings and observer memory, not the defaults they replace.
   */
  holdUntil(hydrated: Promise<unknown>): void {
    // Only a hold: however hydration ends, the observations after it run, and it is no observation skipped.
    void this.#observations.run(() =>
      hydrated.then(
        () => undefined,
        () => undefined,
      ),
    );
  }

  /** Resolves when every queued observation has been handed to the controller (tests, benchmarks). */
  settled(): Promise<void> {
    return this.#observations.idle();
  }

  /** Where the focus is, as far as the observer knows. */
  get memory(): ObserverMemory {
    return this.#memory;
  }

  /** Puts back what the observer knew before a service-worker restart. */
  restore(memory: ObserverMemory): void {
    this.#memory = memory;
  }

  private setMemory(patch: Partial<ObserverMemory>): void {
    const keys = Object.keys(patch) as (keyof ObserverMemory)[];
    if (keys.every((key) => this.#memory[key] === patch[key])) return; // nothing new to store
    this.#memory = { ...this.#memory, ...patch };
    this.persist(this.#memory);
  }

  private observe(tab: TabFacts | undefined, at: number): void {
    if (!tab) return;
    const decision = observeTab(tab, this.shell.state.settings, this.extensionOrigin, at);
    if ('ignore' in decision) return;
    void this.shell.send({ type: 'observed', observation: decision.observe });
  }

  tabActivated(tabId: number, windowId: number): void {
    const at = this.now();
    // Asked at once, read in turn: on a woken worker the lookup runs while the state is still loading.
    const tab = early(tabById(tabId));
    this.enqueue(async () => {
      this.setMemory({ focus: 'browser', windowId });
      this.observe(await tab, at);
    });
  }

  tabUpdated(changed: { title?: string; url?: string }, tab: TabFacts & { active?: boolean }): void {
    if (!tab.active || (changed.title === undefined && changed.url === undefined)) return;
    const at = this.now();
    this.enqueue(async () => {
      // A page in the background (or behind another app) retitling itself is not what the person looks at.
      if (this.#memory.focus !== 'browser') return;
      if (this.#memory.windowId !== undefined && tab.windowId !== this.#memory.windowId) return;
      this.observe(tab, at);
    });
  }

  windowFocused(windowId: number): void {
    if (windowId === WINDOW_ID_NONE) return; // the host reports which app took focus
    const at = this.now();
    const tabs = early(browser.tabs.query({ active: true, windowId }));
    this.enqueue(async () => {
      this.setMemory({ focus: 'browser', windowId });
      const [tab] = await tabs;
      this.observe(tab, at);
    });
  }

  /** The active tab of the last focused window, e.g. when a session starts or the browser regains focus. */
  observeActiveTab(): void {
    const at = this.now();
    this.enqueue(async () => {
      const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
      if (tab?.windowId !== undefined && this.#memory.focus === 'browser') this.setMemory({ windowId: tab.windowId });
      if (this.#memory.focus === 'browser') this.observe(tab, at);
    });
  }

  hostWindow(event: WindowEvent): void {
    const at = this.now();
    this.enqueue(async () => {
      const observation = observeOsWindow(event, this.shell.state.settings, at);
      if (!observation) {
        // The browser itself came to the front: its active tab speaks for it.
        if (this.#memory.focus === 'os') {
          this.setMemory({ focus: 'browser' });
          const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
          this.observe(tab, at);
        }
        return;
      }
      this.setMemory({ focus: 'os' });
      void this.shell.send({ type: 'observed', observation });
    });
  }
}
