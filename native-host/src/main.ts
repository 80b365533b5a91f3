// antidrift-host entry: native-messaging mode for browsers, or install/uninstall/doctor for people.
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { WatcherInfo } from '../../shared/protocol/frames.js';
import { loginShellPath, stopLoginShellProbe } from './runner/login-shell-path.js';
import { describeLoadedBackends } from './backends/describe.js';
import { loadHostConfig } from './config.js';
import { createLogger, logFileTarget } from './logger.js';
import { HostServer } from './server.js';
import { partLoadFailure } from './missing-part.js';
import { HOST_VERSION } from './version.js';
import type { Watcher } from './watcher/start-chosen.js';
import { chooseWatcher } from './watcher/probe.js';

// The parts built apart and loaded later (chunks/) take the login-shell probe from this file, so there is
// one probe and one cache of what it found (native-host/build.mjs).
export { loginShellPath, loginShellPathIfKnown, stopLoginShellProbe } from './runner/login-shell-path.js';

const USAGE = `antidrift-host ${HOST_VERSION} — native-messaging host of the antidrift extension

Usage:
  antidrift-host install [options]   register the host with your browsers
  antidrift-host uninstall           remove those registrations
  antidrift-host doctor              check backends, watcher and registrations
  antidrift-host --version | --help

Browsers start it with their own arguments (chrome-extension://ID/, or a Firefox manifest path
and extension id); it then speaks length-prefixed JSON on stdin/stdout.
Config: $ANTIDRIFT_HOST_CONFIG or the platform config dir (antidrift/host.json).
Logging: ANTIDRIFT_HOST_LOG=1 (default log file) or ANTIDRIFT_HOST_LOG=/path/to/file.
`;

/**
 * The watcher (its libraries and their schemas) loads once the first hello is answered, which a browser
 * sends at once; a host started without one (a script, a test) starts it this long after its own start.
 */
const WATCHER_WITHOUT_HELLO_MS = 100;

/** Browsers pass their origin (Chromium) or a manifest path plus extension id (Firefox). */
function isBrowserLaunch(args: readonly string[]): boolean {
  const first = args[0];
  if (first === undefined) return true;
  return /^chrome-extension:\/\//.test(first) || first.endsWith('.json') || isAbsolute(first);
}

async function nativeMessaging(args: readonly string[]): Promise<number> {
  const loaded = await loadHostConfig();
  const log = createLogger(logFileTarget(loaded.config.log));
  log(`antidrift-host ${HOST_VERSION} started by ${args[0] ?? '(no argument)'} on node ${process.version}`);
  if (loaded.problem) log(`config problem: ${loaded.problem}`);
  if (process.stdin.isTTY) process.stderr.write('antidrift-host: waiting for native-messaging frames on stdin (see --help)\n');

  let watcher: Watcher | undefined;
  let watcherFailure: WatcherInfo | undefined;
  let watcherStart: Promise<void> | undefined;
  let stopping = false;
  // Which watcher suits this session and why, from the environment alone: what hello says while it loads.
  const choice = chooseWatcher({ platform: process.platform, env: process.env, exists: existsSync });
  const chosen: WatcherInfo = {
    state: 'starting',
    kind: choice.kind,
    why: choice.why,
    skipped: choice.skipped.map(({ kind, why }) => ({ kind, why })),
  };
  const startWatcherOnce = (): void => {
    clearTimeout(withoutHello);
    watcherStart ??= import('./watcher/start-chosen.js')
      .then(({ startChosenWatcher }) => {
        if (!stopping) watcher = startChosenWatcher({ emit: (event) => server.push(event), log }, () => choice);
      })
      .catch((err: unknown) => {
        const message = `watcher failed to start: ${partLoadFailure(err)}`;
        watcherFailure = { state: 'failed', kind: choice.kind, message };
        log(message);
        server.push({ type: 'watcher', state: 'failed', kind: choice.kind, message });
      });
  };
  const withoutHello = setTimeout(startWatcherOnce, WATCHER_WITHOUT_HELLO_MS);
  const server = new HostServer({
    input: process.stdin,
    output: process.stdout,
    log,
    config: loaded,
    watcherInfo: () => watcherFailure ?? watcher?.info() ?? chosen,
    // Hello answers at once with what PATH and the usual directories give; the login-shell probe
    // (a shell start, seconds with a heavy profile) follows, and what it adds is pushed.
    describeBackends: () => describeLoadedBackends(loaded, false),
    // After the first hello, so neither the watcher's load nor the shell start competes with it.
    afterFirstHello: () => {
      startWatcherOnce();
      void loginShellPath()
        .then(() => describeLoadedBackends(loaded))
        .then((backends) => server.backendsSettled(backends))
        .catch((err: unknown) => log(`backend search failed: ${(err as Error).message}`));
    },
  });
  process.on('uncaughtException', (err) => log(`uncaught exception: ${err.stack ?? err.message}`));
  process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`));

  const signalled = new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await Promise.race([server.whenInputEnds(), signalled]);
  log('stdin closed or signalled: stopping backends and watcher');
  stopLoginShellProbe();
  clearTimeout(withoutHello);
  stopping = true;
  await Promise.allSettled([server.shutdown(), watcherStart?.then(() => watcher?.stop())]);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const command = args[0];
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${HOST_VERSION}\n`);
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === 'install' || command === 'uninstall' || command === 'doctor') {
    // The installer is a third of the helper: a browser's start never loads it.
    const installer = await import('./install/index.js').catch((err: unknown) => {
      throw new Error(`the ${command} command could not load: ${partLoadFailure(err)}`);
    });
    return installer.runInstallCommand(command, args.slice(1));
  }
  if (isBrowserLaunch(args)) return nativeMessaging(args);
  process.stderr.write(`antidrift-host: unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

const nativeMode = isBrowserLaunch(process.argv.slice(2));
main(process.argv.slice(2)).then(
  (code) => {
    // In native mode the watcher may hold handles open; everything is flushed by now.
    if (nativeMode) process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`antidrift-host: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
