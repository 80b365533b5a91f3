// GNOME: detected by the one GNOME rule, watched through our GNOME Shell extension, which `install` writes and `doctor` checks.
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import { GNOME_EXTENSION_UUID, isGnomeSession } from './identity.js';
import { GNOME_INTEGRATION_STATES, gnomeFilesMessage, gnomeIntegrationMessage } from './states.js';

export const gnome: DesktopSpec = {
  kind: 'gnome-shell',
  label: 'GNOME',
  session: 'wayland',
  detect: ({ env }) =>
    isGnomeSession(env)
      ? { found: true, why: 'GNOME: the antidrift GNOME Shell extension over D-Bus' }
      : { found: false, why: 'not GNOME (XDG_CURRENT_DESKTOP)' },
  // The watcher and its D-Bus library load only when GNOME is chosen.
  start: (sink, context) => startOnDemand(gnome, sink, context, async () => (await import('./watcher.js')).startGnomeWatcher),
  states: {
    running: () => `the ${GNOME_EXTENSION_UUID} GNOME Shell extension over the session bus, event-driven`,
    integration: Object.fromEntries(GNOME_INTEGRATION_STATES.map((state) => [state, gnomeIntegrationMessage({ state })])),
  },
  // On X11 too: GNOME on X11 is watched through X11, but the extension is what its Wayland sessions need.
  install: {
    label: 'GNOME Shell extension',
    wanted: (options, platform, env) =>
      options.gnomeExtension === 'yes' || (options.gnomeExtension === 'detect' && platform === 'linux' && isGnomeSession(env)),
    // Loaded when install runs: the helper's start (and its hello) evaluates every spec.
    run: async (env, record) => (await import('./install-step.js')).installGnomeExtension(env, record),
  },
  doctor: {
    rows: watcherRows,
    check: {
      run: async (platform, env) =>
        platform === 'linux' && isGnomeSession(env) ? (await import('./doctor-check.js')).checkGnomeExtension(env) : {},
      rows: ({ gnomeExtension: g }) =>
        g ? [['gnome ext', g.message ? `${g.state === 'active' ? 'OK' : 'PROBLEM'}  ${g.message} (${g.path})` : gnomeFilesMessage(g)]] : [],
    },
  },
};
