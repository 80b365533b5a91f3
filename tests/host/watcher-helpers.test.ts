// Windows/macOS helper plumbing: line parsing of recorded output, de-duplication, restart with backoff.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatcherEvent, WindowEvent } from '../../shared/protocol/frames.js';
import { parseHelperLine } from '../../native-host/src/watcher/helper-line.js';
import { startHelperWatcher } from '../../native-host/src/watcher/helper-source.js';
import { MACOS_WATCHER_SCRIPT, macosHelperCommand } from '../../native-host/src/desktops/macos/script.js';
import type { WatcherHandle } from '../../native-host/src/watcher/watcher-types.js';
import { WINDOWS_WATCHER_SCRIPT, windowsHelperCommand } from '../../native-host/src/desktops/windows/script.js';
import { waitFor } from '../../harness/xvfb.js';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/watcher/${name}`, import.meta.url)), 'utf8');

/** A stand-in helper: replays what it gets on stdin (the recorded output), then exits with code 3. */
const REPLAY = [
  '-e',
  "process.stdin.on('data', (d) => process.stdout.write(d)); process.stdin.on('end', () => setTimeout(() => process.exit(3), 20));",
];

let handle: WatcherHandle | undefined;
afterEach(async () => {
  await handle?.stop();
  handle = undefined;
});

describe('helper line parsing', () => {
  it('parses the recorded PowerShell output and drops BOMs, CRLF, warnings and broken lines', () => {
    const parsed = fixture('windows-powershell.out').split('\n').map(parseHelperLine);
    expect(parsed).toEqual([
      { kind: 'status', status: 'ready', titles: true },
      { kind: 'window', title: 'Inbox (3) - Outlook', app: 'OUTLOOK', pid: 4312 },
      null,
      { kind: 'window', title: 'antidrift – Visual Studio Code', app: 'Code', pid: 9120 },
      { kind: 'window', title: 'Café ☕ résumé.docx - Word', app: 'WINWORD', pid: 7788 },
      null,
      { kind: 'window', title: '', app: '', pid: 0 },
      { kind: 'window', title: 'Program Manager', app: 'explorer', pid: 1200 },
      null,
      null,
      { kind: 'window', title: 'Inbox (3) - Outlook', app: 'OUTLOOK', pid: 4312 },
      null, // negative pid
      null, // trailing empty line
    ]);
  });

  it('parses the recorded osascript output', () => {
    const parsed = fixture('macos-osascript.out').split('\n').map(parseHelperLine).filter(Boolean);
    expect(parsed[0]).toEqual({ kind: 'status', status: 'ready', titles: false });
    expect(parsed.slice(1).map((p) => (p?.kind === 'window' ? p.app : '?'))).toEqual([
      'Safari',
      'Terminal',
      'Terminal',
      'Code',
      '',
      'Notes',
    ]);
  });
});

describe('helper watcher process', () => {
  it('emits de-duplicated window events from the helper and restarts it with backoff when it exits', async () => {
    const events: (WindowEvent | WatcherEvent)[] = [];
    handle = startHelperWatcher(
      { emit: (m) => events.push(m), log: () => {} },
      {
        kind: 'windows',
        helper: { command: process.execPath, args: REPLAY, stdin: fixture('windows-powershell.out') },
        runningMessage: 'running',
        firstRetryMs: 50,
        maxRetryMs: 200,
      },
    );
    const windows = () => events.filter((e): e is WindowEvent => e.type === 'window');
    const failures = () => events.filter((e) => e.type === 'watcher' && e.state === 'failed');
    await waitFor(() => failures().length >= 2 && windows().length >= 10, 'two runs of the helper');
    const firstRun = windows()
      .slice(0, 5)
      .map((e) => [e.title, e.app, e.pid]);
    expect(firstRun).toEqual([
      ['Inbox (3) - Outlook', 'OUTLOOK', 4312],
      ['antidrift – Visual Studio Code', 'Code', 9120],
      ['Café ☕ résumé.docx - Word', 'WINWORD', 7788],
      ['Program Manager', 'explorer', 1200],
      ['Inbox (3) - Outlook', 'OUTLOOK', 4312],
    ]);
    expect(failures()[0]).toMatchObject({ kind: 'windows', message: expect.stringMatching(/exited \(code 3\)/) });
    const states = events.filter((e): e is WatcherEvent => e.type === 'watcher').map((e) => e.state);
    expect(states.slice(0, 3)).toEqual(['running', 'failed', 'running']);
    await handle.stop();
    expect(handle.info().state).toBe('stopped');
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.length).toBe(count);
  });

  it('says when macOS window titles are not readable, and survives a helper that cannot start', async () => {
    const events: (WindowEvent | WatcherEvent)[] = [];
    handle = startHelperWatcher(
      { emit: (m) => events.push(m), log: () => {} },
      {
        kind: 'macos',
        helper: { command: process.execPath, args: REPLAY, stdin: fixture('macos-osascript.out') },
        runningMessage: 'running',
        noTitlesMessage: 'no titles: Screen Recording',
        firstRetryMs: 5_000,
      },
    );
    await waitFor(() => events.some((e) => e.type === 'watcher' && e.state === 'failed'), 'helper exit');
    expect(events.find((e) => e.type === 'watcher')).toMatchObject({ state: 'running', message: 'no titles: Screen Recording' });
    expect(events.filter((e): e is WindowEvent => e.type === 'window').map((e) => e.app)).toEqual(['Safari', 'Terminal', 'Code', 'Notes']);
    await handle.stop();

    const missing: (WindowEvent | WatcherEvent)[] = [];
    handle = startHelperWatcher(
      { emit: (m) => missing.push(m), log: () => {} },
      {
        kind: 'windows',
        helper: { command: '/nonexistent/powershell.exe', args: [], stdin: '' },
        runningMessage: 'running',
        firstRetryMs: 5_000,
      },
    );
    const failed = await waitFor(() => missing.find((e) => e.type === 'watcher' && e.state === 'failed'), 'spawn failure');
    expect((failed as WatcherEvent).message).toMatch(/ENOENT/);
  });
});

describe('helper commands', () => {
  it('runs PowerShell without a shell, with the script arriving intact on stdin', () => {
    const cmd = windowsHelperCommand();
    expect(cmd.command).toBe('powershell.exe');
    expect(cmd.args).toEqual(['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', '-']);
    const encoded = /FromBase64String\('([A-Za-z0-9+/=]+)'\)/.exec(cmd.stdin)?.[1];
    expect(Buffer.from(encoded ?? '', 'base64').toString('utf8')).toBe(WINDOWS_WATCHER_SCRIPT);
    expect(cmd.stdin.trim().split('\n')).toHaveLength(1);
    const mac = macosHelperCommand();
    expect([mac.command, ...mac.args]).toEqual(['osascript', '-l', 'JavaScript', '-']);
    expect(mac.stdin).toBe(MACOS_WATCHER_SCRIPT);
  });
});
