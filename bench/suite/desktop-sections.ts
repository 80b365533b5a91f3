// The bench's desktop sections: window switch → the helper's event on X11, sway and the newer desktops, and idle CPU.
import { benchDesktops } from './desktops-bench';
import { budget, ms, p95Budget, row } from './report';
import { round } from './stats';
import { swaySwitchDesk } from './sway-desk';
import { benchWatcher, type WatcherResult } from './watcher-bench';
import { x11SwitchDesk } from './x-desk';
import type { Section, SectionContext } from './section-types';

/** The rows and budgets of one watcher section: X11 (1) or Wayland (1w). */
function watcherSection(
  ctx: SectionContext,
  w: WatcherResult,
  n: string,
  desktop: string,
  command: string,
  poller: string,
  id: string,
): void {
  const cpu = w.idle.cpuSecondsPerHour;
  ctx.rows.push(
    row(
      `${n}. ${desktop} switch → host event`,
      `latency after \`${command}\` returned`,
      ms(w.watcherLatencyMs),
      `1 s ${poller} poll: ${ms(w.pollerLatencyMs)}`,
      `≥ ${w.p95Ratio}× (poller p95 / watcher upper-bound p95)`,
    ),
    row(
      `${n}. ${desktop} switch → host event`,
      `latency from issuing ${command.split(' ')[0]} (upper bound)`,
      ms(w.watcherLatencyFromDispatchMs),
    ),
    row(
      `${n}. idle CPU`,
      `CPU s per idle hour (${w.idle.seconds} s measured)`,
      `host ${cpu.watcherHost}`,
      `bare node ${cpu.bareNode}; ${poller} poller ${cpu.poller}`,
      `poller / host: ${cpu.watcherHost > 0 ? round(cpu.poller / cpu.watcherHost, 0) + '×' : '∞ (host 0)'}`,
    ),
  );
  ctx.budgets.push(
    // Judged on the upper bound (from issuing the switch): the command returns after the event already arrived.
    p95Budget(`${id}-p95`, `${desktop} switch → host event p95 (upper bound, from issuing the switch)`, 50, w.watcherLatencyFromDispatchMs),
    budget(
      `${id}-vs-poller`,
      `${desktop} watcher p95 (upper bound) vs ${poller} poller p95`,
      '≥ 10× better',
      `${w.p95Ratio}×`,
      w.p95Ratio >= 10,
    ),
    budget(
      `${id}-idle-cpu`,
      `${desktop} watcher idle CPU vs bare idle node`,
      '≤ 1.2× bare node',
      `${cpu.watcherHost} vs ${cpu.bareNode} s/h`,
      cpu.watcherHost <= cpu.bareNode * 1.2,
    ),
  );
}

/** By key, each as the table in sections.ts lists it. */
export const DESKTOP_SECTIONS = {
  watcher: {
    key: 'watcher',
    names: ['watcher'],
    title: '1. X11 window switch → host event (watcher vs 1 s xprop poll), idle CPU',
    needs: ['host', 'xvfb'],
    async run(ctx) {
      const w = await benchWatcher(await x11SwitchDesk(), ctx.settings);
      watcherSection(ctx, w, '1', 'X11', 'xdotool --sync', 'xprop', 'watcher');
      return w;
    },
  },
  wayland: {
    key: 'wayland',
    names: ['wayland'],
    title: '1w. sway window switch → host event (sway IPC watcher vs 1 s get_tree poll), idle CPU',
    needs: ['host', 'sway'],
    async run(ctx) {
      const w = await benchWatcher(await swaySwitchDesk(), ctx.settings);
      watcherSection(ctx, w, '1w', 'sway', 'swaymsg focus', 'swaymsg get_tree', 'wayland');
      return w;
    },
  },
  desktops: {
    key: 'desktops',
    names: ['desktops'],
    title: '1d. newer desktops (trixie/sid roots): switch → host frame, the helper inside each',
    needs: ['host', 'desktop-roots'],
    async run(ctx) {
      const results = await benchDesktops(ctx.settings.switches);
      for (const r of results) {
        ctx.rows.push(
          row(
            `1d. ${r.label} switch → host event`,
            `from issuing the switch (root entry + tool start-up ${r.commandStartupMs} ms included) / after that start-up`,
            `${ms(r.fromDispatchMs)} / p50 ${r.afterStartupMs.p50} / p95 ${r.afterStartupMs.p95} ms`,
          ),
        );
        ctx.budgets.push(
          p95Budget(
            `desktop-${r.id}-p95`,
            `${r.label} switch → host event p95, after the switching command's own start-up`,
            50,
            r.afterStartupMs,
          ),
        );
      }
      return results;
    },
  },
} as const satisfies Record<string, Section>;
