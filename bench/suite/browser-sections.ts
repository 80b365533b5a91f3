// The bench's browser sections: switch → badge in Chromium and Firefox, with the worker asleep, the browser's start, the History page.
import { benchBadge } from './badge-bench';
import { benchBrowserStart } from './browser-start';
import { buildBaseline } from './baseline-build';
import { benchCold } from './cold-bench';
import { benchFirefoxBadge } from './firefox-badge-bench';
import { benchHistory } from './history-bench';
import { benchStrict } from './strict-bench';
import { budget, kb, ms, p95Budget, row } from './report';
import { round, type Summary } from './stats';
import type { Section } from './section-types';

/** By key, each as the table in sections.ts lists it. */
export const BROWSER_SECTIONS = {
  badge: {
    key: 'badge',
    names: ['tab', 'os'],
    title: '2/3. tab switch → badge, OS switch → badge (Chromium)',
    needs: ['host', 'extension', 'chromium', 'xvfb'],
    async run(ctx) {
      const b = await benchBadge({
        tabSwitches: ctx.chosen.has('tab') ? ctx.settings.badgeSwitches : 0,
        osSwitches: ctx.chosen.has('os') ? ctx.settings.badgeSwitches : 0,
        popupOpens: ctx.chosen.has('tab') ? ctx.settings.popupOpens : 0,
      });
      if (b.popup) {
        const { toolbar, inTab } = b.popup;
        ctx.rows.push(
          row('2. popup', 'toolbar popup: open → session shown, from navigation start', ms(toolbar.totalMs)),
          row('2. popup', 'toolbar popup: of which ours (HTML parsed → session shown)', ms(toolbar.ownMs)),
          row('2. popup', 'popup.html in a new tab (+ tab activation work): from navigation start', ms(inTab.totalMs)),
          row('2. popup', 'popup.html in a new tab: of which ours', ms(inTab.ownMs)),
        );
        ctx.budgets.push(
          p95Budget('popup-open-p95', 'toolbar popup: our part of opening p95 (issue: well under 100 ms)', 100, toolbar.ownMs),
        );
      }
      if (b.tab) {
        ctx.rows.push(
          row('2. tab switch → badge', 'to an allowed site (ON)', ms(b.tab.toAllowedMs)),
          row('2. tab switch → badge', 'to a blocked site (!)', ms(b.tab.toBlockedMs)),
        );
        ctx.budgets.push(
          p95Budget('tab-badge-p95', 'tab switch → badge p95 (worse of allowed/blocked)', 100, [b.tab.toAllowedMs, b.tab.toBlockedMs]),
        );
      }
      if (b.os) {
        ctx.rows.push(
          row('3. OS switch → badge', 'to an allowed app (ON)', ms(b.os.toAllowedMs)),
          row('3. OS switch → badge', 'to a blocked app (!)', ms(b.os.toBlockedMs)),
          row('3. OS switch → badge', 'from issuing xdotool (upper bound)', ms(b.os.allFromDispatchMs)),
        );
        // The upper bound includes xdotool's own round trip, so it is the conservative figure to judge.
        ctx.budgets.push(
          p95Budget('os-badge-p95', 'OS switch → badge p95 (upper bound, from issuing the switch)', 150, [
            b.os.toAllowedMs,
            b.os.toBlockedMs,
            b.os.allFromDispatchMs,
          ]),
        );
      }
      return b;
    },
  },
  firefox: {
    key: 'firefox',
    names: ['firefox'],
    title: '2f. tab switch → badge (Firefox ESR)',
    needs: ['host', 'firefox-build', 'firefox'],
    async run(ctx) {
      const f = await benchFirefoxBadge({ tabSwitches: ctx.settings.badgeSwitches });
      ctx.rows.push(
        row('2f. Firefox tab switch → badge', `to an allowed site (ON), ${f.firefoxVersion}`, ms(f.tab.toAllowedMs)),
        row('2f. Firefox tab switch → badge', 'to a blocked site (!)', ms(f.tab.toBlockedMs)),
      );
      // BiDi's activate returns after Firefox has already switched (often after the badge changed): judge the upper bound.
      ctx.budgets.push(
        p95Budget('firefox-tab-badge-p95', 'Firefox tab switch → badge p95 (upper bound, from issuing the switch)', 100, [
          f.tab.toAllowedMs,
          f.tab.toBlockedMs,
          f.tab.allFromDispatchMs,
        ]),
      );
      return f;
    },
  },
  cold: {
    key: 'cold',
    names: ['cold'],
    title: '2c. tab switch → badge with the service worker stopped',
    needs: ['host', 'extension', 'chromium'],
    async run(ctx) {
      // BENCH_COLD_BASELINE=<git ref>: that commit's build is woken in turn with this one's (its wake before and after).
      const baselineRef = process.env.BENCH_COLD_BASELINE;
      const baseline = baselineRef ? buildBaseline(baselineRef) : undefined;
      const c = await benchCold({ switches: ctx.settings.coldSwitches, wakeGapMs: ctx.settings.coldWakeGapMs, baseline }).finally(() =>
        baseline?.dispose(),
      );
      type Pair = { toAllowedMs: Summary; toBlockedMs: Summary };
      const worst = (pair: Pair) => Math.max(pair.toAllowedMs.p95, pair.toBlockedMs.p95);
      const floor = worst(c.floor);
      const overFloor = (pair: Pair) => `${round(worst(pair) - floor, 1)} ms (${worst(pair)} vs ${floor})`;
      /** A row of switches to ON and, beside it, to !. */
      const switches = (what: string, pair: Pair) =>
        row('2c. cold tab switch → badge', `${what} (to ON; beside it, to !)`, ms(pair.toAllowedMs), ms(pair.toBlockedMs));
      ctx.rows.push(
        row('2c. cold tab switch → badge', 'to a tab seen before, allowed site (ON), worker stopped first', ms(c.toAllowedMs)),
        row('2c. cold tab switch → badge', 'to a tab seen before, blocked site (!), worker stopped first', ms(c.toBlockedMs)),
        switches('first look: to a tab opened in the background, never in front', c.firstLook),
        row('2c. cold tab switch → badge', 'first look, p95 above the floor’s (worse of the two each)', overFloor(c.firstLook)),
        row(
          '2c. cold worker start',
          "first look, from the worker's time origin: bundle evaluated · wiring done · storage hydrated (p95)",
          `${c.evaluatedMs.p95} · ${c.wiredMs.p95} · ${c.hydratedMs.p95} ms (p50 ${c.evaluatedMs.p50} · ${c.wiredMs.p50} · ${c.hydratedMs.p50}; n=${c.hydratedMs.n})`,
        ),
        row('2c. cold worker start', 'first look, hydrated → badge of the new tab', ms(c.afterHydrationMs)),
        ...(c.baseline
          ? [
              switches(
                `first look, the baseline ${c.baseline.ref} (${c.baseline.commit.slice(0, 7)}), woken in turn with this build`,
                c.baseline.firstLook,
              ),
              row(
                '2c. cold worker start',
                `the baseline ${c.baseline.ref}: bundle evaluated · wiring done · storage hydrated (p95)`,
                `${c.baseline.evaluatedMs.p95} · ${c.baseline.wiredMs.p95} · ${c.baseline.hydratedMs.p95} ms (p50 ${c.baseline.evaluatedMs.p50} · ${c.baseline.wiredMs.p50} · ${c.baseline.hydratedMs.p50}; n=${c.baseline.hydratedMs.n})`,
              ),
              row(
                '2c. cold worker start',
                `the baseline ${c.baseline.ref}: hydrated → badge of the new tab`,
                ms(c.baseline.afterHydrationMs),
              ),
            ]
          : []),
        switches('the floor: an empty MV3 extension, its worker woken by the same switch', c.floor),
        switches(
          "the floor carrying our worker's bundle as code it never calls: what our bytes cost before any of them runs",
          c.floorWithOurBytes,
        ),
      );
      ctx.budgets.push(
        p95Budget('cold-badge-p95', 'cold tab switch → badge p95 (worker stopped first), tab seen before', 150, [
          c.toAllowedMs,
          c.toBlockedMs,
        ]),
        p95Budget('cold-first-look-p95', 'cold tab switch → badge p95 (worker stopped first), first look', 150, [
          c.firstLook.toAllowedMs,
          c.firstLook.toBlockedMs,
        ]),
      );
      // The part of a cold switch that is ours: the worse p95 above the floor's worse p95, same browser, same run.
      ctx.budgets.push(
        budget(
          'cold-badge-over-floor-p95',
          'cold tab switch → badge p95, tab seen before, above an empty extension’s',
          '≤ 40 ms',
          overFloor(c),
          worst(c) - floor <= 40,
        ),
      );
      return c;
    },
  },
  start: {
    key: 'start',
    names: ['start'],
    title: '2s. browser start with a running session → badge',
    needs: ['host', 'extension', 'chromium'],
    async run(ctx) {
      const b = await benchBrowserStart({ launches: ctx.settings.browserStarts });
      ctx.rows.push(
        row('2s. browser start', "launch → the extension's worker runs", ms(b.workerMs)),
        row('2s. browser start', 'first tab (allowed site) loaded → badge ON', ms(b.badgeAfterTabMs)),
        row('2s. browser start', 'launch → badge ON', ms(b.totalMs)),
      );
      ctx.budgets.push(p95Budget('browser-start-badge-p95', 'browser start: first tab shown → badge p95', 1000, b.badgeAfterTabMs));
      return b;
    },
  },
  strict: {
    key: 'strict',
    names: ['strict'],
    title: "9. a strict session: blocked navigation → block page painted, beside an unblocked one; a page the site's service worker serves",
    needs: ['host', 'extension', 'chromium'],
    async run(ctx) {
      const s = await benchStrict({ visits: ctx.settings.blockedVisits });
      ctx.rows.push(
        row(
          '9. strict',
          'blocked site → block page first contentful paint, from navigation start (redirect included)',
          ms(s.blockedFirstPaintMs),
          ms(s.unblockedFirstPaintMs),
        ),
        row(
          '9. strict',
          'an unblocked site with the same rules in place (the alternative column above)',
          ms(s.unblockedFirstPaintMs),
          ms(s.noSessionFirstPaintMs),
        ),
        row(
          '9. strict',
          "a page the blocked site's own service worker serves (no request for the rules) → block page first paint, from navigation start",
          ms(s.serviceWorkerFirstPaintMs),
          ms(s.blockedFirstPaintMs),
        ),
        row(
          '9. strict',
          "the same, from the service worker's page committing in the tab; the site's content painted first in",
          ms(s.serviceWorkerAfterCommitMs),
          `${s.serviceWorkerContentPainted.visits} of ${s.visits} visits (longest ${Math.round(s.serviceWorkerContentPainted.longestMs)} ms)`,
        ),
        row(
          '9. strict',
          "of that: commit → the page guard sends the tab on; beside it, the block page's own first paint from its navigation's start",
          ms(s.serviceWorkerGuardMs),
          ms(s.blockPageOwnFirstPaintMs),
        ),
        row(
          '9. strict',
          `the page guard's cover painted in that page (in ${s.coverAfterCommitMs.n} of ${s.visits} visits), from its commit; beside it, the same page's own first paint from its commit with no session`,
          ms(s.coverAfterCommitMs),
          ms(s.serviceWorkerNoSessionAfterCommitMs),
        ),
        row(
          '9. strict',
          "the block page's own first paint, from its navigation's start; beside it, a plain page's (no session), in the same run",
          ms(s.blockPageOwnFirstPaintMs),
          ms(s.noSessionFirstPaintMs),
        ),
        row(
          '9. strict',
          'a page its service worker serves, no session (hidden until the guard has asked) → first paint; beside it, a page from the network',
          ms(s.serviceWorkerNoSessionFirstPaintMs),
          ms(s.noSessionFirstPaintMs),
        ),
      );
      ctx.budgets.push(p95Budget('blocked-first-paint-p95', 'blocked navigation → block page first paint p95', 500, s.blockedFirstPaintMs));
      ctx.budgets.push(
        p95Budget('cover-after-commit-p95', "service worker's page → the guard's cover painted p95", 50, s.coverAfterCommitMs),
      );
      ctx.budgets.push(
        budget(
          'service-worker-content-painted',
          "a blocked page its service worker serves: the site's content painted",
          '0 visits',
          `${s.serviceWorkerContentPainted.visits} of ${s.visits}`,
          s.serviceWorkerContentPainted.visits === 0,
        ),
      );
      ctx.budgets.push(
        p95Budget(
          'service-worker-block-p95',
          "service worker's page committed → block page first paint p95",
          150,
          s.serviceWorkerAfterCommitMs,
        ),
      );
      return s;
    },
  },
  history: {
    key: 'history',
    names: ['history'],
    title: '8. History page over a year of history',
    needs: ['host', 'extension', 'chromium'],
    async run(ctx) {
      const h = await benchHistory({ opens: ctx.settings.historyOpens, days: ctx.settings.historyDays });
      ctx.rows.push(
        row(
          '8. history',
          `History page first view (Today) over ${h.sessions} sessions / ${h.segments} segments / ${h.marks} marks, from navigation start`,
          ms(h.firstViewMs),
        ),
        row('8. history', 'of which ours (HTML parsed → first view drawn)', ms(h.ownMs)),
        row('8. history', 'click "This week" → the week drawn (~5 days, ~2 500 segments)', ms(h.weekMs)),
        row(
          '8. history',
          `IndexedDB on disk for that year (${h.sessionHours} session hours, titles kept)`,
          `${kb(h.storedBytes)} total, ${kb(h.bytesPerSessionHour)} per session hour`,
        ),
      );
      ctx.budgets.push(
        p95Budget('history-first-view-p95', 'History page first view, our part, p95 (one year of history)', 300, h.ownMs),
        budget(
          'history-disk-per-hour',
          'IndexedDB per session hour (Chromium storage estimate)',
          '≤ 50 KB',
          kb(h.bytesPerSessionHour),
          h.bytesPerSessionHour <= 50_000,
        ),
      );
      return h;
    },
  },
} as const satisfies Record<string, Section>;
