// Extension-tier harness: the real background over WXT's fake browser, a scriptable fake native host.
import type { LanguageModelApi } from '../../shared/ai/prompt-api';
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing';
import type { Browser } from 'wxt/browser';
import { afterEach, beforeEach, vi } from 'vitest';
import { startBackground, type Background, type StatePort } from '../../background';
import type { NativePort } from '../../background/helper/native-channel';
import type { BackgroundPlatform } from '../../background/platform';
import type { StatePush } from '../../shared/messages/pushes';
import type { Settings } from '../../shared/settings/stored-settings';
import { PROTOCOL_VERSION, type BackendInfo } from '../../shared/protocol/frames';
import type { IdlePort, IdleReading } from '../../background/observe/idle';
import { HistoryDb } from '../../storage/history-db';

type Listener<T> = (value: T) => void;

/** chrome.idle as a test drives it: `set` reports a state change, as the browser would after input or none. */
export class FakeIdle implements IdlePort {
  threshold = 0;
  state: IdleReading = 'active';
  private listeners: Array<(state: IdleReading) => void> = [];
  setThreshold(seconds: number): void {
    this.threshold = seconds;
  }
  query(): Promise<IdleReading> {
    return Promise.resolve(this.state);
  }
  onChange(listener: (state: IdleReading) => void): void {
    this.listeners.push(listener);
  }
  set(state: IdleReading): void {
    this.state = state;
    for (const l of this.listeners) l(state);
  }
}

let historyDbs = 0;

/** What every test platform adds to its native port and clock: a history database of its own and a fake idle API. */
export interface TestPlatform {
  openHistory: () => Promise<HistoryDb>;
  idle: FakeIdle;
  extensionVersion: string;
  /** No built-in model unless a test gives one (Debian's Chromium has none either). */
  languageModel: () => LanguageModelApi | undefined;
  onCommand(listener: (command: string) => void): void;
}

export function testPlatform(idle = new FakeIdle(), languageModel?: LanguageModelApi): TestPlatform {
  const name = `antidrift-history-test-${++historyDbs}`;
  return {
    openHistory: () => HistoryDb.open(name),
    idle,
    extensionVersion: TEST_VERSION,
    languageModel: () => languageModel,
    onCommand: (listener) => void commandListeners.push(listener),
  };
}

/** The keyboard shortcuts' listeners of the running background (the fake browser has no `commands`). */
const commandListeners: Array<(command: string) => void> = [];
/** Presses a shortcut of the manifest's `commands`, as the browser would report it. */
export const pressShortcut = (command: string): void => commandListeners.forEach((l) => l(command));

/** The release the fake host and the fake extension both are (a test of a mismatch sets the host's). */
export const TEST_VERSION = '0.2.0';

/** A native port whose "host" answers hello and runs from a script, and can push or hang up. */
export class FakeNativePort implements NativePort {
  private messageListeners: Listener<unknown>[] = [];
  private disconnectListeners: Listener<unknown>[] = [];
  readonly sent: Array<Record<string, unknown>> = [];
  connected = true;

  constructor(private readonly host: FakeHost) {}

  postMessage(message: unknown): void {
    if (!this.connected) throw new Error('Attempting to use a disconnected port object');
    const msg = message as Record<string, unknown>;
    this.sent.push(msg);
    queueMicrotask(() => this.host.answer(this, msg));
  }

  disconnect(): void {
    this.connected = false;
  }

  onMessage = { addListener: (l: Listener<unknown>) => void this.messageListeners.push(l) };
  onDisconnect = { addListener: (l: Listener<unknown>) => void this.disconnectListeners.push(l) };

  deliver(message: unknown): void {
    if (this.connected) for (const l of this.messageListeners) l(message);
  }

  hangUp(): void {
    if (!this.connected) return;
    this.connected = false;
    for (const l of this.disconnectListeners) l(this);
  }
}

export class FakeHost {
  ports: FakeNativePort[] = [];
  /** When set, connecting fails the way Chromium reports a missing or crashing host. */
  refuse: string | null = null;
  lastError: string | undefined;
  backends: BackendInfo[] = [{ name: 'claude', available: true, path: '/usr/bin/claude' }];
  watcher: Record<string, unknown> = { state: 'running', kind: 'x11' };
  /** The release the helper says it is, and its protocol (undefined: a helper of protocol 1, which also refuses a hello with fields). */
  hostVersion = TEST_VERSION;
  protocol: number | undefined = PROTOCOL_VERSION;
  hellos: Array<Record<string, unknown>> = [];
  runs: Array<{ backend: string; prompt: string; model?: string }> = [];
  /** How `run` answers: text for ok, or an error kind + message. */
  reply: (prompt: string) => { text: string } | { kind: string; message: string; hint?: string } | 'hang' = () => ({
    text: '{"drifting": false, "reason": ""}',
  });

  connect = (): NativePort => {
    const port = new FakeNativePort(this);
    this.ports.push(port);
    if (this.refuse) {
      this.lastError = this.refuse;
      queueMicrotask(() => port.hangUp());
    }
    return port;
  };

  get port(): FakeNativePort | undefined {
    return this.ports.at(-1);
  }

  answer(port: FakeNativePort, msg: Record<string, unknown>): void {
    if (this.refuse) return;
    if (msg.type === 'hello') {
      this.hellos.push(msg);
      if (this.protocol === undefined && Object.keys(msg).some((key) => key !== 'id' && key !== 'type')) {
        port.deliver({
          id: msg.id,
          type: 'error',
          error: { kind: 'bad_request', message: 'invalid hello request: Unrecognized key: "protocol"' },
        });
        return;
      }
      port.deliver({
        id: msg.id,
        type: 'hello',
        hostVersion: this.hostVersion,
        platform: 'linux',
        watcher: this.watcher,
        backends: this.backends,
        ...(this.protocol === undefined ? {} : { protocol: this.protocol, oldestProtocol: 1 }),
      });
    } else if (msg.type === 'run') {
      this.runs.push({ backend: String(msg.backend), prompt: String(msg.prompt), ...(msg.model ? { model: String(msg.model) } : {}) });
      const r = this.reply(String(msg.prompt));
      if (r === 'hang') return;
      port.deliver(
        'text' in r
          ? { id: msg.id, type: 'result', ok: true, text: r.text, ms: 5 }
          : { id: msg.id, type: 'result', ok: false, error: r, ms: 5 },
      );
    }
  }

  pushWindow(title: string, app: string): void {
    this.port?.deliver({ type: 'window', title, app, pid: 42, at: Date.now() });
  }
}

/** A state port as a popup or content script would open it. */
export class FakeStatePort implements StatePort {
  readonly received: StatePush[] = [];
  private closeListeners: Array<() => void> = [];
  constructor(
    readonly name: string,
    readonly sender: StatePort['sender'],
  ) {}
  postMessage(message: unknown): void {
    this.received.push(message as StatePush);
  }
  onDisconnect = { addListener: (l: () => void) => void this.closeListeners.push(l) };
  close(): void {
    for (const l of this.closeListeners) l();
  }
}

export const EXT_ORIGIN = () => fakeBrowser.runtime.getURL('/');
export const PAGE_SENDER = () => ({ id: fakeBrowser.runtime.id, url: `${EXT_ORIGIN()}popup.html` });
export const CONTENT_SENDER = () => ({ id: fakeBrowser.runtime.id, url: 'https://docs.test/page', tab: { id: 5 } });
/** The in-page frame (the banner inside a web page): an extension page of ours, in that page's tab. */
export const FRAME_SENDER = () => ({
  id: fakeBrowser.runtime.id,
  url: `${EXT_ORIGIN()}in-page.html`,
  tab: { id: 5, url: 'https://docs.test/page' },
});

/** The commitment and lists most tests start with. */
export const START = {
  type: 'startSession',
  input: {
    commitment: { nextAction: 'Write the parser tests', successCondition: 'parser.test.ts passes' },
    allowed: ['docs.test', 'code'],
    blocked: ['videos.test'],
  },
};

/** A running session as storage.local keeps it (version 1), for tests that boot onto a stored session. */
export const STORED_SESSION = {
  version: 1,
  lastSessionId: 3,
  session: {
    id: 3,
    commitment: { nextAction: 'a', successCondition: 'b' },
    allowed: ['docs.test'],
    blocked: [],
    startedAt: 1,
    pausedTotalMs: 0,
    timeboxNotified: false,
  },
};

/** The badge as a person sees it: its text and its colour as #rrggbb. */
export async function readBadge(): Promise<{ text: string; color: string }> {
  const rgba = (await fakeBrowser.action.getBadgeBackgroundColor({})) as unknown as number[];
  return {
    text: await fakeBrowser.action.getBadgeText({}),
    color: `#${rgba
      .slice(0, 3)
      .map((c) => c.toString(16).padStart(2, '0'))
      .join('')}`,
  };
}

const booted: Background[] = [];

/** Each test gets a fresh fake browser and a quiet console; every background it booted is stopped after it. */
export function freshBackgroundEachTest(): void {
  beforeEach(() => {
    fakeBrowser.reset();
    commandListeners.length = 0;
    spyConsole();
  });
  afterEach(() => {
    for (const bg of booted.splice(0)) {
      bg.channel.stop();
      bg.features.settingsSync.stop();
    }
    vi.useRealTimers();
  });
}

export interface Running extends Background {
  host: FakeHost;
  idle: FakeIdle;
  statePorts: Array<(port: StatePort) => void>;
  send(message: unknown, sender?: Record<string, unknown>): Promise<unknown>;
  openStatePort(sender?: StatePort['sender']): FakeStatePort;
  /** Waits until queued observations and microtasks have run. */
  flush(): Promise<void>;
}

/** The backends the person of these tests has allowed (through the pages' own request), unless a test says otherwise. */
export const ALLOWED_IN_TESTS = ['claude', 'codex'];

/**
 * `beforeHydrated` runs after the listeners are registered and before the stored state is back: the waking event.
 * `allow`: the backends the person says yes to once it runs (a test of the consent itself passes none).
 */
export async function boot(
  host = new FakeHost(),
  clock: () => number = () => Date.now(),
  beforeHydrated?: () => Promise<unknown>,
  platform: TestPlatform & { hostConnectDelayMs?: number; syncDelayMs?: number } & Pick<
      BackgroundPlatform,
      'helperAccess' | 'onHelperPermission'
    > = testPlatform(),
  allow: readonly string[] = ALLOWED_IN_TESTS,
): Promise<Running> {
  const statePorts: Array<(port: StatePort) => void> = [];
  const bg = startBackground({
    now: clock,
    connectNative: host.connect,
    nativeError: () => host.lastError,
    onStatePort: (listener) => statePorts.push(listener),
    ...platform,
  });
  booted.push(bg);
  await beforeHydrated?.();
  await bg.ready;
  await bg.features.history.ready;
  const flush = async () => {
    for (let i = 0; i < 5; i++) {
      await bg.observer.settled();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  await flush();
  const running: Running = {
    ...bg,
    host,
    idle: platform.idle,
    statePorts,
    flush,
    send: async (message, sender = PAGE_SENDER()) => {
      const replies = await fakeBrowser.runtime.onMessage.trigger(message, sender);
      return replies.find((r: unknown) => r !== undefined);
    },
    openStatePort: (sender = PAGE_SENDER()) => {
      const port = new FakeStatePort('antidrift-state', sender);
      for (const l of statePorts) l(port);
      return port;
    },
  };
  for (const backend of allow) {
    const consents = (await running.settings.current).aiConsent;
    if (consents[backend]?.answer === 'allowed') continue;
    const reply = (await running.send({ type: 'answerAIConsent', backend, answer: 'allowed' })) as { ok: boolean };
    if (!reply.ok) throw new Error(`consent not stored: ${JSON.stringify(reply)}`);
  }
  await flush();
  return running;
}

/** Simulates the service worker dying: listeners gone, storage kept (both areas). */
export async function restartWorker(keepSessionStorage = true): Promise<void> {
  const local = await fakeBrowser.storage.local.get(null);
  const session = await fakeBrowser.storage.session.get(null);
  fakeBrowser.reset();
  commandListeners.length = 0;
  await fakeBrowser.storage.local.set(local);
  if (keepSessionStorage) await fakeBrowser.storage.session.set(session);
}

export async function openTab(url: string, title: string): Promise<number> {
  const tab = await fakeBrowser.tabs.create({ url });
  await fakeBrowser.tabs.update(tab.id!, { title } as never);
  return tab.id!;
}

export async function activate(tabId: number): Promise<void> {
  const tab = await fakeBrowser.tabs.get(tabId);
  await fakeBrowser.tabs.update(tabId, { active: true });
  await fakeBrowser.tabs.onActivated.trigger({ tabId, windowId: tab!.windowId ?? 0 });
}

export const spyConsole = () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
};

/** A tab object as tabs.onUpdated hands it over, with the fields the observer reads. */
export function tabOf(partial: {
  id: number;
  windowId: number;
  active: boolean;
  url: string;
  title: string;
  incognito?: boolean;
}): Browser.tabs.Tab {
  return {
    index: 0,
    highlighted: false,
    pinned: false,
    incognito: false,
    discarded: false,
    autoDiscardable: true,
    groupId: -1,
    frozen: false,
    selected: false,
    ...partial,
  } as Browser.tabs.Tab;
}

/** Saves settings through the options-page request path, changing only the given fields. */
export async function patchSettings(bg: Running, patch: Partial<Settings>): Promise<void> {
  const current = (await bg.send({ type: 'getSettings' })) as { value: Settings };
  const saved = (await bg.send({ type: 'saveSettings', settings: { ...current.value, ...patch } })) as { ok: boolean };
  if (!saved.ok) throw new Error(`settings not saved: ${JSON.stringify(saved)}`);
}

/** Two allowed docs tabs a second apart, the second one's title wandering into lexers: what a heads-up looks at. */
export async function wanderIntoLexerDocs(bg: Running, advanceClock: (ms: number) => void): Promise<void> {
  await activate(await openTab('https://docs.test/1', 'Parser docs'));
  await bg.flush();
  advanceClock(1000);
  await activate(await openTab('https://docs.test/2', 'Lexer docs'));
  await bg.flush();
}
