// Hyprland: window events from its socket2, under $XDG_RUNTIME_DIR/hypr (≥ 0.40) or /tmp/hypr.
import { startOnDemand } from '../../watcher/loaded-on-demand.js';
import type { DesktopSpec } from '../desktop-spec.js';
import { watcherRows } from '../watcher-rows.js';

function hyprlandSocketPath(env: NodeJS.ProcessEnv): string | undefined {
  const signature = env.HYPRLAND_INSTANCE_SIGNATURE?.trim();
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  if (!signature || !runtime || signature.includes('/')) return undefined;
  return `${runtime}/hypr/${signature}/.socket2.sock`;
}

function legacyHyprlandSocketPath(env: NodeJS.ProcessEnv): string | undefined {
  const signature = env.HYPRLAND_INSTANCE_SIGNATURE?.trim();
  return signature && !signature.includes('/') ? `/tmp/hypr/${signature}/.socket2.sock` : undefined;
}

export const hyprland: DesktopSpec = {
  kind: 'hyprland',
  label: 'Hyprland',
  session: 'wayland',
  detect: ({ env, exists }) => {
    if (!env.HYPRLAND_INSTANCE_SIGNATURE) return { found: false, why: 'no $HYPRLAND_INSTANCE_SIGNATURE (not Hyprland)' };
    const socket = [hyprlandSocketPath(env), legacyHyprlandSocketPath(env)].find((p) => p !== undefined && exists(p));
    if (socket) return { found: true, why: `Hyprland event socket (${socket})`, socket };
    return { found: false, why: `HYPRLAND_INSTANCE_SIGNATURE is set but ${hyprlandSocketPath(env) ?? 'its socket'} does not exist` };
  },
  start: (sink, context) => startOnDemand(hyprland, sink, context, async () => (await import('./watcher.js')).startHyprlandWatcher),
  states: { running: (socket) => `Hyprland socket2 (${socket}), event-driven` },
  doctor: { rows: watcherRows },
};
