// The KWin script the KDE watcher loads: it calls the host back over D-Bus on each activation and caption change.

export const KWIN_PLUGIN_NAME = 'antidrift-active-window';
export const CALLBACK_PATH = '/dev/antidrift/ActiveWindow';
export const CALLBACK_INTERFACE = 'dev.antidrift.ActiveWindow';
export const CALLBACK_METHOD = 'Changed';

/** A unique bus name as the bus assigns it (`:1.42`): the only thing interpolated into the script. */
const UNIQUE_NAME = /^:[0-9]+\.[0-9]+$/;

/**
 * The script, for Plasma 6 (`workspace.windowActivated`, `activeWindow`) and Plasma 5
 * (`clientActivated`, `activeClient`). It reports null (no active window) as empty strings, and
 * follows the active window's caption until the next activation. ES5 only: Plasma 5's engine.
 */
export function kwinScript(hostBusName: string): string {
  if (!UNIQUE_NAME.test(hostBusName)) throw new Error(`not a unique bus name: ${hostBusName}`);
  const call = (args: string) =>
    `callDBus(${JSON.stringify(hostBusName)}, ${JSON.stringify(CALLBACK_PATH)}, ${JSON.stringify(CALLBACK_INTERFACE)}, ${JSON.stringify(CALLBACK_METHOD)}, ${args});`;
  return `// antidrift: reports the active window to the antidrift host (loaded and unloaded by the host).
var current = null;
function report() {
  var w = current;
  ${call("w ? String(w.caption || '') : '', w ? String(w.resourceClass || '') : '', w ? String(w.pid || 0) : '0'")}
}
function follow(w) {
  if (current && current.captionChanged) {
    try { current.captionChanged.disconnect(report); } catch (e) {}
  }
  current = w || null;
  if (current && current.captionChanged) current.captionChanged.connect(report);
  report();
}
(workspace.windowActivated || workspace.clientActivated).connect(follow);
follow(workspace.activeWindow !== undefined ? workspace.activeWindow : workspace.activeClient);
`;
}
