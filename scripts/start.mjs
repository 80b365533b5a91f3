#!/usr/bin/env node
// `npm start`: install, build, register the host for a dedicated profile, launch a browser with antidrift.
// Uses only Node built-ins until `npm ci` has run, so it works on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
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
/** Every value of a flag given more than once (`--browser-arg X --browser-arg Y`). */
const flags = (name) => args.flatMap((a, i) => (a === `--${name}` && i + 1 < args.length ? [args[i + 1]] : []));

if (has('help')) {
  console.log(`Usage: npm start [-- --browser chromium|chrome|edge|brave|firefox] [--profile DIR] [--no-build] [--no-launch] [--browser-arg ARG]… [--firefox-pref NAME=VALUE]…

Builds antidrift and its native host, registers the host for a dedicated browser profile,
and opens that browser with the extension loaded. Firefox runs through web-ext, which loads
antidrift as a temporary add-on: keep this terminal open, Ctrl+C closes that Firefox.
Firefox asks once per run to let antidrift talk to its helper: press Allow on the welcome page.
--no-build uses the build already in .output/ and native-host/dist/. --browser-arg passes one argument to Firefox, --firefox-pref one preference.`);
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

/** Candidate executables per browser, most common first. */
const CANDIDATES = {
  linux: {
    chromium: ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'],
    chrome: ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'],
    edge: ['/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable', '/opt/microsoft/msedge/msedge'],
    brave: ['/usr/bin/brave-browser', '/usr/bin/brave', '/opt/brave.com/brave/brave'],
    firefox: ['/usr/bin/firefox', '/usr/bin/firefox-esr', '/snap/bin/firefox', '/usr/lib/firefox/firefox'],
  },
  darwin: {
    chromium: ['/Applications/Chromium.app/Contents/MacOS/Chromium'],
    chrome: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
    edge: ['/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'],
    brave: ['/Applications/Brave Browser.app/Contents/MacOS/Brave Browser'],
    firefox: ['/Applications/Firefox.app/Contents/MacOS/firefox'],
  },
  win32: {
    chromium: [join(process.env.LOCALAPPDATA ?? '', 'Chromium/Application/chrome.exe')],
    chrome: [
      join(process.env.PROGRAMFILES ?? 'C:/Program Files', 'Google/Chrome/Application/chrome.exe'),
      join(process.env.LOCALAPPDATA ?? '', 'Google/Chrome/Application/chrome.exe'),
    ],
    edge: [join(process.env['PROGRAMFILES(X86)'] ?? 'C:/Program Files (x86)', 'Microsoft/Edge/Application/msedge.exe')],
    brave: [join(process.env.PROGRAMFILES ?? 'C:/Program Files', 'BraveSoftware/Brave-Browser/Application/brave.exe')],
    firefox: [join(process.env.PROGRAMFILES ?? 'C:/Program Files', 'Mozilla Firefox/firefox.exe')],
  },
};

const table = CANDIDATES[platform()] ?? CANDIDATES.linux;
/** Debian's and Ubuntu's package of each browser they carry (Ubuntu's chromium-browser installs the snap). */
const PACKAGES = { chromium: 'chromium', firefox: 'firefox-esr' };

const found = (name) => table[name].find((p) => p && existsSync(p));

/**
 * No browser to open: on Debian/Ubuntu, as root or with passwordless sudo, its package is installed, as `npm test` installs what
 * it needs; anywhere else the exact command or download is printed and nothing is touched.
 */
function installBrowser(name) {
  const lookedIn = table[name]?.join(', ') ?? '';
  const aptName = PACKAGES[name];
  const apt = platform() === 'linux' && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const ubuntu = apt && existsSync('/etc/os-release') && /^ID=ubuntu/m.test(readFileSync('/etc/os-release', 'utf8'));
  const pkg = ubuntu && name === 'chromium' ? 'chromium-browser' : aptName;
  if (!apt || !pkg) {
    fail(
      `no ${name === 'chromium' ? 'Chromium-family' : name} browser found (looked in ${lookedIn}).\n` +
        '  Install Chromium, Chrome, Edge or Brave (or Firefox, with --browser firefox) and run npm start again.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const sudo = !asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const command = `apt-get install -y --no-install-recommends ${pkg}`;
  if (!asRoot && !sudo)
    fail(`no ${name} found (looked in ${lookedIn}). Install it, then run npm start again:\n  sudo apt-get update && sudo ${command}`);
  const prefix = asRoot ? [] : ['sudo', '-n'];
  say(`no ${name} found: installing Debian's package (${asRoot ? '' : 'sudo '}${command})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const argv of [
    [...prefix, 'apt-get', 'update', '-qq'],
    [...prefix, ...command.split(' '), '-qq'],
  ])
    run(argv[0], argv.slice(1), { env });
  const binary = found(name);
  if (!binary) fail(`${pkg} is installed, but no ${name} is in ${lookedIn}: pass --browser, or start it by hand.`);
  say(`installed ${pkg}: ${binary}`);
  return { browser: name, binary };
}
const wanted = flag('browser');
if (wanted && !table[wanted]) fail(`unknown browser "${wanted}": choose one of ${Object.keys(table).join(', ')}`);
const order = wanted ? [wanted] : ['chromium', 'chrome', 'edge', 'brave']; // Firefox only when asked for
let browser;
let binary;
for (const name of order) {
  if (found(name)) {
    browser = name;
    binary = found(name);
    break;
  }
}
if (!binary) ({ browser, binary } = installBrowser(wanted ?? 'chromium'));
const firefox = browser === 'firefox';

if (!has('no-build')) {
  say('building the extension and the native host…');
  run(npm, ['run', '--silent', firefox ? 'build:firefox' : 'build:extension'], { shell: platform() === 'win32' });
  run(npm, ['run', '--silent', 'build:host'], { shell: platform() === 'win32' });
}

const profile = resolve(flag('profile') ?? join(homedir(), '.local', 'share', 'antidrift', `profile-${browser}`));
mkdirSync(profile, { recursive: true });
const host = join(root, 'native-host', 'dist', 'antidrift-host.cjs');
say(`registering the native host for the profile ${profile}…`);
// Firefox reads one per-user host manifest (~/.mozilla/native-messaging-hosts), not one per profile.
run(process.execPath, [host, 'install', '--browser', browser, ...(firefox ? [] : ['--user-data-dir', profile])]);

const doctor = spawnSync(process.execPath, [host, 'doctor', '--json'], { cwd: root, encoding: 'utf8' });
try {
  const report = JSON.parse(doctor.stdout);
  const known = report.backends ?? [];
  const backends = known.filter((b) => b.available).map((b) => b.name);
  if (backends.length) say(`AI backends found: ${backends.join(', ')} (choose one in Options; the first is used by default).`);
  else
    say(
      `no AI backend found (${known.map((b) => b.name).join(', ')}). Blocked/allowed rules work without one;\n` +
        '  the drift judge, the nudge and the coach stay silent until you install and log in to one.',
    );
  if (report.watcher?.state && report.watcher.state !== 'running')
    say(`OS window watcher: ${report.watcher.state}${report.watcher.message ? ` — ${report.watcher.message}` : ''}`);
} catch {
  say('could not read `antidrift-host doctor --json`; run it by hand to see what is wrong.');
}

const extension = join(root, '.output', firefox ? 'firefox-mv3' : 'chrome-mv3');
if (has('no-launch')) {
  if (firefox) say(`ready. Load ${join(extension, 'manifest.json')} from about:debugging → This Firefox → Load Temporary Add-on.`);
  else say(`ready. Load ${extension} as an unpacked extension in the profile above.`);
  process.exit(0);
}
if (firefox) {
  // Release and ESR Firefox install only signed add-ons for good; web-ext loads the build as a temporary one.
  say(`launching Firefox (${binary}) with antidrift as a temporary add-on; Ctrl+C here closes it…`);
  const webExt = join(root, 'node_modules', 'web-ext', 'bin', 'web-ext.js');
  const child = spawn(
    process.execPath,
    [
      webExt,
      'run',
      '--no-input',
      '--no-reload',
      `--source-dir=${extension}`,
      `--firefox=${binary}`,
      `--firefox-profile=${profile}`,
      '--profile-create-if-missing',
      '--keep-profile-changes',
      '--start-url=about:addons',
      // Passed to Firefox as they are (e.g. --remote-debugging-port for a test that presses the welcome page's Allow).
      ...flags('browser-arg').map((arg) => `--arg=${arg}`),
      ...flags('firefox-pref').map((pref) => `--pref=${pref}`),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  child.on('error', (error) => fail(`could not run web-ext: ${error.message}`));
  child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  say('press Allow on the welcome page (Firefox asks before antidrift may talk to its helper), then click the antidrift icon');
  say('in the toolbar (pin it from the extensions menu) to start a focus session.');
} else {
  launchChromium();
}

function launchChromium() {
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
}
