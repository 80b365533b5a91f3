// The bench's browser sections: switch → badge in Chromium and Firefox, with the worker asleep, the browser's start, the History page.
import { benchBadge } from './badge-bench';
import { benchBrowserStart } from './browser-start';
import { benchCold } from './cold-bench';
import { benchFirefoxBadge } from './firefox-badge-bench';
import { benchHistory } from './history-bench';
import { benchStrict } from './strict-bench';
import { budget, kb, ms, p95Budget } from './report';
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
        popupOpens: ctx.chosen.has('tab') ? 30 : 0,
      });
      if (b.popup) {
        const { toolbar, inTab } = b.popup;
        ctx.rows.push(
          {
            section: '2. popup',
            metric: 'toolbar popup: open → session shown, from navigation start',
            ours: ms(toolbar.totalMs),
            alternative: '',
            ratio: '',
          },
          {
            section: '2. popup',
            metric: 'toolbar popup: of which ours (HTML parsed → session shown)',
            ours: ms(toolbar.ownMs),
            alternative: '',
            ratio: '',
          },
          {
            section: '2. popup',
            metric: 'popup.html in a new tab (+ tab activation work): from navigation start',
            ours: ms(inTab.totalMs),
            alternative: '',
            ratio: '',
          },
          { section: '2. popup', metric: 'popup.html in a new tab: of which ours', ours: ms(inTab.ownMs), alternative: '', ratio: '' },
        );
        ctx.budgets.push(
          p95Budget('popup-open-p95', 'toolbar popup: our part of opening p95 (issue: well under 100 ms)', 100, toolbar.ownMs),
        );
      }
      if (b.tab) {
        ctx.rows.push(
          { section: '2. tab switch → badge', metric: 'to an allowed site (ON)', ours: ms(b.tab.toAllowedMs), alternative: '', ratio: '' },
          { section: '2. tab switch → badge', metric: 'to a blocked site (!)', ours: ms(b.tab.toBlockedMs), alternative: '', ratio: '' },
        );
        const worst = Math.max(b.tab.toAllowedMs.p95, b.tab.toBlockedMs.p95);
        ctx.budgets.push(
          budget('tab-badge-p95', 'tab switch → badge p95 (worse of allowed/blocked)', '≤ 100 ms', `${worst} ms`, worst <= 100),
        );
      }
      if (b.os) {
        ctx.rows.push(
          { section: '3. OS switch → badge', metric: 'to an allowed app (ON)', ours: ms(b.os.toAllowedMs), alternative: '', ratio: '' },
          { section: '3. OS switch → badge', metric: 'to a blocked app (!)', ours: ms(b.os.toBlockedMs), alternative: '', ratio: '' },
          {
            section: '3. OS switch → badge',
            metric: 'from issuing xdotool (upper bound)',
            ours: ms(b.os.allFromDispatchMs),
            alternative: '',
            ratio: '',
          },
        );
        // The upper bound includes xdotool's own round trip, so it is the conservative figure to judge.
        const worstOs = Math.max(b.os.toAllowedMs.p95, b.os.toBlockedMs.p95, b.os.allFromDispatchMs.p95);
        ctx.budgets.push(
          budget(
            'os-badge-p95',
            'OS switch → badge p95 (upper bound, from issuing the switch)',
            '≤ 150 ms',
            `${worstOs} ms`,
            worstOs <= 150,
          ),
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
        {
          section: '2f. Firefox tab switch → badge',
          metric: `to an allowed site (ON), ${f.firefoxVersion}`,
          ours: ms(f.tab.toAllowedMs),
          alternative: '',
          ratio: '',
        },
        {
          section: '2f. Firefox tab switch → badge',
          metric: 'to a blocked site (!)',
          ours: ms(f.tab.toBlockedMs),
          alternative: '',
          ratio: '',
        },
      );
      // BiDi's activate returns after Firefox has already switched (often after the badge changed): judge the upper bound.
      const worst = Math.max(f.tab.toAllowedMs.p95, f.tab.toBlockedMs.p95, f.tab.allFromDispatchMs.p95);
      ctx.budgets.push(
        budget(
          'firefox-tab-badge-p95',
          'Firefox tab switch → badge p95 (upper bound, from issuing the switch)',
          '≤ 100 ms',
          `${worst} ms`,
          worst <= 100,
        ),
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
      const c = await benchCold({ switches: ctx.settings.coldSwitches });
      ctx.rows.push(
        {
          section: '2c. cold tab switch → badge',
          metric: 'to an allowed site (ON), worker stopped first',
          ours: ms(c.toAllowedMs),
          alternative: '',
          ratio: '',
        },
        {
          section: '2c. cold tab switch → badge',
          metric: 'to a blocked site (!), worker stopped first',
          ours: ms(c.toBlockedMs),
          alternative: '',
          ratio: '',
        },
        {
          section: '2c. cold worker start',
          metric: "from the worker's time origin: bundle evaluated · wiring done · storage hydrated (p95)",
          ours: `${c.evaluatedMs.p95} · ${c.wiredMs.p95} · ${c.hydratedMs.p95} ms (p50 ${c.evaluatedMs.p50} · ${c.wiredMs.p50} · ${c.hydratedMs.p50}; n=${c.hydratedMs.n})`,
          alternative: '',
          ratio: '',
        },
        {
          section: '2c. cold worker start',
          metric: 'hydrated → badge of the new tab',
          ours: ms(c.afterHydrationMs),
          alternative: '',
          ratio: '',
        },
      );
      const worst = Math.max(c.toAllowedMs.p95, c.toBlockedMs.p95);
      ctx.budgets.push(
        budget('cold-badge-p95', 'cold tab switch → badge p95 (worker stopped first)', '≤ 150 ms', `${worst} ms`, worst <= 150),
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
        { section: '2s. browser start', metric: "launch → the extension's worker runs", ours: ms(b.workerMs), alternative: '', ratio: '' },
        {
          section: '2s. browser start',
          metric: 'first tab (allowed site) loaded → badge ON',
          ours: ms(b.badgeAfterTabMs),
          alternative: '',
          ratio: '',
        },
        { section: '2s. browser start', metric: 'launch → badge ON', ours: ms(b.totalMs), alternative: '', ratio: '' },
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
        {
          section: '9. strict',
          metric: 'blocked site → block page first contentful paint, from navigation start (redirect included)',
          ours: ms(s.blockedFirstPaintMs),
          alternative: ms(s.unblockedFirstPaintMs),
          ratio: '',
        },
        {
          section: '9. strict',
          metric: 'an unblocked site with the same rules in place (the alternative column above)',
          ours: ms(s.unblockedFirstPaintMs),
          alternative: ms(s.noSessionFirstPaintMs),
          ratio: '',
        },
        {
          section: '9. strict',
          metric:
            "a page the blocked site's own service worker serves (no request for the rules) → block page first paint, from navigation start",
          ours: ms(s.serviceWorkerFirstPaintMs),
          alternative: ms(s.blockedFirstPaintMs),
          ratio: '',
        },
        {
          section: '9. strict',
          metric: "the same, from the service worker's page committing in the tab; the site's content painted first in",
          ours: ms(s.serviceWorkerAfterCommitMs),
          alternative: `${s.serviceWorkerContentPainted.visits} of ${s.visits} visits (longest ${Math.round(s.serviceWorkerContentPainted.longestMs)} ms)`,
          ratio: '',
        },
        {
          section: '9. strict',
          metric:
            "of that: commit → the page guard sends the tab on; beside it, the block page's own first paint from its navigation's start",
          ours: ms(s.serviceWorkerGuardMs),
          alternative: ms(s.blockPageOwnFirstPaintMs),
          ratio: '',
        },
        {
          section: '9. strict',
          metric:
            'a page its service worker serves, no session (hidden until the guard has asked) → first paint; beside it, a page from the network',
          ours: ms(s.serviceWorkerNoSessionFirstPaintMs),
          alternative: ms(s.noSessionFirstPaintMs),
          ratio: '',
        },
      );
      ctx.budgets.push(p95Budget('blocked-first-paint-p95', 'blocked navigation → block page first paint p95', 500, s.blockedFirstPaintMs));
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
      const h = await benchHistory({ opens: ctx.settings.historyOpens });
      ctx.rows.push(
        {
          section: '8. history',
          metric: `History page first view (Today) over ${h.sessions} sessions / ${h.segments} segments / ${h.marks} marks, from navigation start`,
          ours: ms(h.firstViewMs),
          alternative: '',
          ratio: '',
        },
        { section: '8. history', metric: 'of which ours (HTML parsed → first view drawn)', ours: ms(h.ownMs), alternative: '', ratio: '' },
        {
          section: '8. history',
          metric: 'click "This week" → the week drawn (~5 days, ~2 500 segments)',
          ours: ms(h.weekMs),
          alternative: '',
          ratio: '',
        },
        {
          section: '8. history',
          metric: `IndexedDB on disk for that year (${h.sessionHours} session hours, titles kept)`,
          ours: `${kb(h.storedBytes)} total, ${kb(h.bytesPerSessionHour)} per session hour`,
          alternative: '',
          ratio: '',
        },
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
