#!/usr/bin/env node
// `npm start`: install, build, register the host for a dedicated profile, launch a browser with antidrift.
// Uses only Node built-ins until `npm ci` has run, so it works on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const has = (name) => args.includes(`--${name}`);

if (has('help')) {
  console.log(`Usage: npm start [-- --browser chromium|chrome|edge|brave] [--profile DIR] [--no-launch]

Builds antidrift and its native host, registers the host for a dedicated browser profile,
and opens that browser with the extension loaded.`);
  process.exit(0);
}

const say = (line) => console.log(`antidrift: ${line}`);
const fail = (line) => {
  console.error(`antidrift: ${line}`);
  process.exit(1);
};

function run(command, argv, options = {}) {
  const result = spawnSync(command, argv, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${argv.join(' ')} failed (exit ${result.status})`);
  return result;
}

const npm = platform() === 'win32' ? 'npm.cmd' : 'npm';
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 12)) fail(`Node ${process.versions.node} is too old: install Node 20.12 or newer.`);

if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  say('installing dependencies (npm ci)…');
  run(npm, ['ci', '--no-audit', '--no-fund'], { shell: platform() === 'win32' });
}
say('building the extension and the native host…');
run(npm, ['run', '--silent', 'build'], { shell: platform() === 'win32' });

/** Candidate executables per browser, most common first. */
const CANDIDATES = {
  linux: {
    chromium: ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'],
    chrome: ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'],
    edge: ['/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable', '/opt/microsoft/msedge/msedge'],
    brave: ['/usr/bin/brave-browser', '/usr/bin/brave', '/opt/brave.com/brave/brave'],
  },
  darwin: {
    chromium: ['/Applications/Chromium.app/Contents/MacOS/Chromium'],
    chrome: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
    edge: ['/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'],
    brave: ['/Applications/Brave Browser.app/Contents/MacOS/Brave Browser'],
  },
  win32: {
    chromium: [join(process.env.LOCALAPPDATA ?? '', 'Chromium/Application/chrome.exe')],
    chrome: [
      join(process.env.PROGRAMFILES ?? 'C:/Program Files', 'Google/Chrome/Application/chrome.exe'),
      join(process.env.LOCALAPPDATA ?? '', 'Google/Chrome/Application/chrome.exe'),
    ],
    edge: [join(process.env['PROGRAMFILES(X86)'] ?? 'C:/Program Files (x86)', 'Microsoft/Edge/Application/msedge.exe')],
    brave: [join(process.env.PROGRAMFILES ?? 'C:/Program Files', 'BraveSoftware/Brave-Browser/Application/brave.exe')],
  },
};

const table = CANDIDATES[platform()] ?? CANDIDATES.linux;
const wanted = flag('browser');
if (wanted && !table[wanted]) fail(`unknown browser "${wanted}": choose one of ${Object.keys(table).join(', ')}`);
const order = wanted ? [wanted] : ['chromium', 'chrome', 'edge', 'brave'];
let browser;
let binary;
for (const name of order) {
  const found = table[name].find((p) => p && existsSync(p));
  if (found) {
    browser = name;
    binary = found;
    break;
  }
}
if (!binary) {
  fail(
    `no ${wanted ?? 'Chromium-family'} browser found (looked in ${order.flatMap((n) => table[n]).join(', ')}).\n` +
      '  Install Chromium (Debian/Ubuntu: sudo apt install chromium) or Chrome, Edge or Brave, or pass --browser.',
  );
}

const profile = resolve(flag('profile') ?? join(homedir(), '.local', 'share', 'antidrift', `profile-${browser}`));
mkdirSync(profile, { recursive: true });
const host = join(root, 'native-host', 'dist', 'antidrift-host.mjs');
say(`registering the native host for the profile ${profile}…`);
run(process.execPath, [host, 'install', '--browser', browser === 'chrome' ? 'chrome' : browser, '--user-data-dir', profile]);

const doctor = spawnSync(process.execPath, [host, 'doctor', '--json'], { cwd: root, encoding: 'utf8' });
try {
  const report = JSON.parse(doctor.stdout);
  const backends = (report.backends ?? []).filter((b) => b.available).map((b) => b.name);
  if (backends.length) say(`AI backends found: ${backends.join(', ')} (choose one in Options; the first is used by default).`);
  else
    say(
      'no AI backend found (claude, codex, gemini, qwen, ollama, llm). Blocked/allowed rules work without one;\n' +
        '  the drift judge, the nudge and the coach stay silent until you install and log in to one.',
    );
  if (report.watcher?.state && report.watcher.state !== 'running')
    say(`OS window watcher: ${report.watcher.state}${report.watcher.message ? ` — ${report.watcher.message}` : ''}`);
} catch {
  say('could not read `antidrift-host doctor --json`; run it by hand to see what is wrong.');
}

const extension = join(root, '.output', 'chrome-mv3');
if (has('no-launch')) {
  say(`ready. Load ${extension} as an unpacked extension in the profile above.`);
  process.exit(0);
}
if (browser === 'chrome') {
  say(
    `Google Chrome ignores --load-extension since version 137. In the window that opens:\n` +
      `  chrome://extensions → Developer mode → Load unpacked → ${extension}\n` +
      '  (the extension ID is fixed, so the registered host accepts it).',
  );
}
say(`launching ${browser} (${binary}) with antidrift loaded…`);
const child = spawn(
  binary,
  [`--user-data-dir=${profile}`, `--load-extension=${extension}`, '--no-first-run', '--no-default-browser-check', 'chrome://extensions/'],
  { detached: true, stdio: 'ignore' },
);
child.on('error', (error) => fail(`could not start ${binary}: ${error.message}`));
child.unref();
say('click the antidrift icon in the toolbar (pin it from the puzzle menu) to start a focus session.');
