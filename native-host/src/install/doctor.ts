// `doctor`: checks manifests, the window watcher, backends and config; exit 0 when the host is usable.
import { accessSync, constants, existsSync } from 'node:fs';
import type { WindowEvent } from '../../../shared/protocol/frames.js';
import { describeBackends } from '../backends/describe.js';
import { loadHostConfig } from '../config.js';
import { appDataDir, hostHomeDir } from '../paths.js';
import { HOST_VERSION } from '../version.js';
import { startWatcher } from '../watcher/index.js';
import { watcherRows } from '../desktops/watcher-rows.js';
import type { DesktopChecks } from '../desktops/hooks.js';
import { DESKTOP_SPECS, desktopSpec } from '../desktops/registry.js';
import type { InstallOptions } from './args.js';
import { BROWSER_IDS } from '../../../shared/protocol/browser-ids.js';
import { browserTarget, customProfileTarget, isBrowserPresent, type ManifestTarget } from './browsers.js';
import type { BrowserCheck, DoctorReport } from './doctor-report.js';
import { checkManifestFile } from './manifest.js';
import { formatTable, type Output } from './output.js';
import { readInstallRecord } from './record.js';
import { getDefaultValue } from './registry.js';
import { flatpakMaySpawn, isSandboxed, proxyTarget, sandboxedTargets } from './sandboxed.js';
import { helloThrough } from './round-trip.js';
import { hostScriptPath, launcherPath, launcherTarget } from './wrapper.js';

/** The command that repairs an installation, as Options shows it. */
const REPAIR = `npx --yes antidrift-host@${HOST_VERSION} install`;

function runnable(path: string): boolean {
  try {
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The launcher the manifests name (else the one install writes): that it is there, that the Node and
 * the helper it names are, and a real framed `hello` through it, as a browser would start it.
 */
async function checkLauncher(browsers: BrowserCheck[], extensionId: string): Promise<DoctorReport['launcher']> {
  // A Flatpak browser's manifest names its proxy, not the launcher.
  const named = browsers.map((b) => !b.sandbox && b.manifestPath && b.status !== 'missing' && b.launcher).find(Boolean);
  const path = named || launcherPath(hostHomeDir());
  const problems: string[] = [];
  if (!existsSync(path)) {
    problems.push(`the launcher ${path} is missing (deleted by hand?): run \`${REPAIR}\` to put it back`);
    return { path, problems };
  }
  const target = launcherTarget(path);
  if (!target) return { path, problems: [`${path} is not a launcher antidrift wrote: run \`${REPAIR}\``] };
  if (!runnable(target.node)) problems.push(`the Node.js it runs (${target.node}) is gone: run \`${REPAIR}\` with the Node you use now`);
  if (!existsSync(target.script)) problems.push(`the helper it runs (${target.script}) is gone: run \`${REPAIR}\``);
  if (problems.length) return { path, ...target, problems };
  const hello = await helloThrough(path, extensionId);
  if (!hello.ok) return { path, ...target, problems: [`a hello through it failed: ${hello.problem}`] };
  return { path, ...target, problems, hello: { hostVersion: hello.hostVersion, protocol: hello.protocol, ms: hello.ms } };
}

// The probe ends at the first window; the limit only matters on a busy machine, where the watcher's
// start-up (connecting to the display or the session bus, the first reads) took over 1.5 s in CI and
// the report missed a window that was there.
const WATCHER_PROBE_MS = 5_000;

async function checkTarget(target: ManifestTarget, extensionId: string, launcher: string): Promise<BrowserCheck> {
  const check = await checkManifest(target, extensionId);
  if (!isSandboxed(target)) return check;
  const { spec } = target;
  const permission = spec.reach === 'flatpak-spawn' ? flatpakMaySpawn(spec.appId) : undefined;
  const problems = [...check.problems];
  if (target.proxyPath && check.status === 'ok') {
    const starts = proxyTarget(target.proxyPath);
    if (check.launcher !== target.proxyPath || starts === undefined)
      problems.push(`the proxy inside its sandbox (${target.proxyPath}) is missing or not named: run \`${REPAIR}\``);
    else if (starts !== launcher) problems.push(`its proxy starts ${starts}, not the launcher: run \`${REPAIR}\``);
  }
  if (permission === false && spec.command && target.proxyPath)
    problems.push(`it may not start programs outside its sandbox yet: run \`${spec.command}\`, then restart it`);
  return {
    ...check,
    browser: spec.label,
    problems,
    sandbox: { packaging: spec.packaging, reach: spec.reach, advice: spec.advice, ...(permission === undefined ? {} : { permission }) },
  };
}

async function checkManifest(target: ManifestTarget, extensionId: string): Promise<BrowserCheck> {
  const present = isBrowserPresent(target);
  const browser = target.browser === 'custom' ? `profile ${target.detectDir}` : target.browser;
  let manifestPath = target.manifestPath;
  let location = target.manifestPath;
  if (target.registryKey) {
    location = target.registryKey;
    const registered = await getDefaultValue(target.registryKey);
    if (registered === null) return { browser, present, status: 'missing', location, problems: [] };
    manifestPath = registered;
  } else if (!existsSync(manifestPath)) {
    return { browser, present, status: 'missing', location, problems: [] };
  }
  const check = checkManifestFile(manifestPath, target.family, extensionId);
  return {
    browser,
    present,
    status: check.ok ? 'ok' : 'invalid',
    location,
    manifestPath,
    ...(check.manifest ? { launcher: check.manifest.path } : {}),
    problems: check.problems,
  };
}

/** Runs the watcher briefly: its state after start-up, and the active window if one was seen. */
async function probeWatcher(): Promise<DoctorReport['watcher']> {
  let active: WindowEvent | undefined;
  let settled: () => void = () => {};
  const done = new Promise<void>((resolve) => (settled = resolve));
  const watcher = startWatcher({
    emit: (msg) => {
      if (msg.type === 'window') active = msg;
      if (msg.type === 'window' || (msg.type === 'watcher' && msg.state !== 'starting' && msg.state !== 'running')) settled();
    },
    log: () => {},
  });
  const timer = setTimeout(settled, WATCHER_PROBE_MS);
  await done;
  clearTimeout(timer);
  const info = watcher.info();
  await watcher.stop();
  return active ? { ...info, activeWindow: { title: active.title, app: active.app } } : info;
}

export async function buildDoctorReport(options: InstallOptions): Promise<DoctorReport> {
  const appData = appDataDir();
  const record = readInstallRecord();
  const recordedId = record.ok && record.record ? record.record.extensionId : undefined;
  // An explicit --extension-id wins; else the ID the host was installed for.
  const effectiveId = options.extensionIdGiven ? options.extensionId : (recordedId ?? options.extensionId);
  const targets = BROWSER_IDS.map((b) => browserTarget(b, appData));
  const customDirs = new Set<string>();
  if (options.userDataDir) customDirs.add(options.userDataDir);
  if (record.ok && record.record) {
    for (const entry of record.record.entries)
      if (entry.kind === 'file' && entry.role === 'manifest' && entry.browser === 'custom')
        customDirs.add(entry.path.replace(/[\\/]NativeMessagingHosts[\\/][^\\/]+$/, ''));
  }
  for (const dir of customDirs) targets.push(customProfileTarget(dir));
  targets.push(...sandboxedTargets().filter(isBrowserPresent));
  const installedLauncher = launcherPath(hostHomeDir());

  const [browsers, watcher, backends] = await Promise.all([
    Promise.all(targets.map((t) => checkTarget(t, effectiveId, installedLauncher))),
    probeWatcher(),
    describeBackends(),
  ]);
  const loaded = await loadHostConfig();
  const config = {
    path: loaded.path,
    exists: existsSync(loaded.path),
    ok: !loaded.problem,
    ...(loaded.problem ? { problem: loaded.problem } : {}),
  };
  const launcher = await checkLauncher(browsers, effectiveId);
  const reasons: string[] = [];
  if (!browsers.some((b) => b.status === 'ok')) reasons.push(`no browser has a valid host manifest: run \`${REPAIR}\``);
  for (const b of browsers.filter((x) => x.status === 'invalid' && !x.sandbox))
    reasons.push(`${b.browser}: invalid manifest (${b.problems.join('; ')})`);
  reasons.push(...launcher.problems);
  if (!record.ok) reasons.push(`${record.problem} (the next install keeps it aside and starts afresh)`);
  if (record.ok && record.record?.state === 'installing')
    reasons.push(`the last install did not finish: run \`${REPAIR}\` again (or uninstall)`);
  const install: DoctorReport['install'] = !record.ok
    ? { state: 'unreadable' }
    : record.record
      ? { state: record.record.state, hostVersion: record.record.hostVersion }
      : { state: 'none' };
  // Each desktop's own check in its session (GNOME: its extension), whichever watcher runs.
  const desktopChecks: DesktopChecks = {};
  for (const spec of DESKTOP_SPECS) Object.assign(desktopChecks, await spec.doctor.check?.run(process.platform, process.env));
  return {
    usable: reasons.length === 0,
    reasons,
    ...desktopChecks,
    host: { node: process.execPath, script: hostScriptPath(), appData, platform: process.platform },
    browsers,
    watcher,
    backends,
    config,
    launcher,
    install,
  };
}

export function formatDoctorReport(report: DoctorReport): string {
  const sections: string[] = [];
  sections.push(
    formatTable('Host', [
      ['node', report.host.node],
      ['script', report.host.script],
      ['app data', report.host.appData],
    ]),
  );
  const l = report.launcher;
  const launcherRows: [string, string][] = [['path', l.path]];
  if (l.node) launcherRows.push(['runs', `${l.node} ${l.script ?? ''}`]);
  if (l.hello) launcherRows.push(['hello', `answered by helper ${l.hello.hostVersion} (protocol ${l.hello.protocol}) in ${l.hello.ms} ms`]);
  for (const p of l.problems) launcherRows.push(['PROBLEM', p]);
  launcherRows.push([
    'installed',
    report.install.hostVersion ? `${report.install.hostVersion} (${report.install.state})` : report.install.state,
  ]);
  sections.push(formatTable('Launcher', launcherRows));
  sections.push(
    formatTable(
      'Browsers',
      report.browsers.map((b) => [
        b.browser,
        `${b.status.padEnd(7)}  ${b.location}${b.present ? '' : '  (browser not found)'}${[...b.problems, ...(b.sandbox ? [b.sandbox.advice] : [])].map((p) => `\n      ${p}`).join('')}`,
      ]),
    ),
  );
  // The chosen desktop's rows, then each desktop's own check (GNOME's extension), as their specs word them.
  const chosen = desktopSpec(report.watcher.kind);
  const rows = [
    ...(chosen ? chosen.doctor.rows(report) : watcherRows(report)),
    ...DESKTOP_SPECS.flatMap((s) => s.doctor.check?.rows(report) ?? []),
  ];
  sections.push(formatTable('Window watcher', rows));
  sections.push(
    formatTable(
      'Backends',
      report.backends.map((b) => [
        b.name,
        `${(b.available ? 'available' : 'missing').padEnd(9)}  ${b.path ?? ''}${b.version ? ` (${b.version})` : ''}${b.problem ? `  ${b.problem}` : ''}`,
      ]),
    ),
  );
  const c = report.config;
  sections.push(
    formatTable('Config', [
      ['file', c.path],
      ['status', !c.exists ? 'not present (defaults)' : c.ok ? 'parsed' : `NOT usable: ${c.problem ?? ''}`],
    ]),
  );
  sections.push(report.usable ? 'Result: the host is usable.' : `Result: NOT usable.\n  ${report.reasons.join('\n  ')}`);
  // The helper may be fine while a Snap or Flatpak browser still cannot reach it: say so beside the result.
  const sandboxed = report.browsers.filter((b) => b.sandbox && (b.problems.length || b.sandbox.reach === 'none'));
  if (sandboxed.length)
    sections.push(`Snap and Flatpak:\n  ${sandboxed.map((b) => `${b.browser}: ${b.problems[0] ?? b.sandbox?.advice ?? ''}`).join('\n  ')}`);
  return sections.join('\n\n');
}

export async function runDoctor(options: InstallOptions, out: Output): Promise<number> {
  const report = await buildDoctorReport(options);
  out.line(options.json ? JSON.stringify(report, null, 2) : formatDoctorReport(report));
  return report.usable ? 0 : 1;
}
