// E2E: the state gallery. One real Chromium with the built extension and the real helper renders every view of every surface in every
// setup state (popup, Options, welcome, History, toast), at 100 % and 200 % zoom: layout facts, axe, a screenshot each (artifacts/gallery).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { POPUP_VIEWS, type PopupView } from '../../ui/popup-view';
import { SETUP_STATES, type SetupState } from '../../ui/setup-state';
import { EXTENSION_PAGES } from '../../shared/extension-pages';
import { generateYear } from '../../harness/history-year';
import { RELEASE_VERSION } from '../../harness/released-helper';
import { EXTENSION_ORIGIN } from '../../harness/chromium';
import { Gallery, POPUP_MAX, popupViewport, realPopupSize } from './gallery/capture';
import { helperStates, type HelperStates } from './gallery/helper-states';
import { e2eForSuite, PARSER_TESTS, startSession, type E2E } from './harness';
import { Toast } from './pages';
import type { StatePush } from '../../shared/messages/pushes';
import type { Settings } from '../../shared/settings/stored-settings';

/**
 * The setup states in the order the gallery visits them: never the same one twice in a row, and the
 * short-lived one (a helper that has not answered yet: 10 s) right after a switch.
 */
const SETUP_ORDER: readonly SetupState[] = SETUP_STATES;

/** The popup's views in the order one session passes through them (the heads-up while the allowed site has one title). */
const VISIT_ORDER: readonly PopupView[] = ['idle', 'active', 'heads-up', 'drifting', 'paused', 'away', 'review', 'break'];

/** How the session gets into each popup view, for real: through the popup, the sites and the idle clock. */
type Arrive = (g: GalleryRun) => Promise<void>;

interface GalleryRun {
  e2e: E2E;
  states: HelperStates;
  docs: Page;
  /** Whether the extension says the person is away now. */
  away(): Promise<boolean>;
}

/** One entry per popup view (a new view fails the typecheck until it has one). */
const ARRIVE: Record<PopupView, Arrive> = {
  idle: async () => {},
  active: async (g) => {
    await g.states.enter('ready');
    const popup = await startSession(g.e2e, g.docs, { allowed: ['docs.test'], blocked: ['videos.test'] });
    await popup.page.close();
    await g.e2e.expectBadge('ON');
  },
  drifting: async (g) => {
    const videos = await g.e2e.openSite('videos.test', 'Cat videos');
    await videos.bringToFront();
    await g.e2e.expectBadge('!');
    const toast = new Toast(videos);
    await toast.expectTier('drift');
    await toast.settled();
    await gallery.capture(videos, { surface: 'toast', view: 'drifting', axeIn: toast.frame() });
  },
  'heads-up': async (g) => {
    // One title on the allowed site so far: a second, wandering one is asked about at once.
    await g.states.enter('ready');
    await g.docs.bringToFront();
    await g.docs.evaluate(() => (document.title = 'Lexer generators compared'));
    const toast = new Toast(g.docs);
    await toast.expectTier('nudge', 30_000);
    await toast.settled();
    await gallery.capture(g.docs, { surface: 'toast', view: 'heads-up', axeIn: toast.frame() });
  },
  paused: async (g) => {
    const popup = await g.e2e.popup();
    await popup.byId('pause').click();
    await popup.page.locator('main.popup[data-view="paused"]').waitFor();
    await popup.page.close();
  },
  away: async (g) => {
    const popup = await g.e2e.popup();
    await popup.byId('resume').click();
    await popup.page.locator('main.popup[data-view="drifting"]').waitFor();
    await popup.page.close();
    // The idle API says the person is away (set through the test hook: real idle time has its own test in history.test.ts).
    await g.e2e.setAway('idle');
    await expect.poll(() => g.away(), { timeout: 10_000, interval: 100 }).toBe(true);
  },
  review: async (g) => {
    await g.e2e.setAway(null);
    const popup = await g.e2e.popup();
    await popup.page.locator('main.popup[data-view="drifting"]').waitFor({ timeout: 20_000 });
    await popup.byId('end-session').click();
    await popup.page.locator('main.popup[data-view="review"]').waitFor();
    await popup.page.close();
  },
  break: async (g) => {
    // A second session, with the shortest work stretch and a break long enough for every capture.
    const popup = await g.e2e.popup();
    await popup.byId('review-skip').click();
    await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test'] });
    await popup.byId('rhythm-choice').selectOption('custom');
    await popup.byId('rhythm-work').fill('1');
    await popup.byId('rhythm-break').fill('15');
    // Started once the popup shows the commitment: the work minute then passes on the extension's clock
    // (rhythm.test.ts waits out a real one).
    await popup.start();
    await popup.page.close();
    await g.e2e.advanceClock(60_000);
    await g.e2e.expectBadge('BRK', 15_000);
  },
};

const gallery = new Gallery();

describe('the state gallery', () => {
  // The real sites too: a page of YouTube, judged as a page, has a banner of its own.
  const e2e = e2eForSuite({ realSites: true });
  let control: Page;
  let states: HelperStates;
  let options: Page;
  let welcome: Page;

  beforeAll(async () => {
    control = await e2e().browser.context.newPage();
    await control.goto(`${EXTENSION_ORIGIN}${EXTENSION_PAGES.history}`);
    states = helperStates(e2e(), async () => control, RELEASE_VERSION);
    states.prepare();
    // chrome.idle's shortest threshold: the session below is away after 15 s without input.
    const settings = await e2e().options();
    await settings.byId('away-after').fill('15');
    await settings.save();
    await settings.page.close();
  }, 300_000);

  it('History with nothing in it yet', async () => {
    const history = await e2e().history();
    await history.byId('empty-state').waitFor();
    await gallery.capture(history.page, { surface: 'history', view: 'empty' });
    await history.page.close();
  });

  it('Options and the welcome page, in every setup state', async () => {
    options = (await e2e().options()).page;
    welcome = await e2e().browser.context.newPage();
    await welcome.goto(`${EXTENSION_ORIGIN}${EXTENSION_PAGES.welcome}`);
    for (const setup of SETUP_ORDER) {
      await states.enter(setup);
      for (const [page, surface] of [
        [welcome, 'welcome'],
        [options, 'options'],
      ] as const) {
        await page.locator(`[data-setup-state="${setup}"]`).first().waitFor();
        await gallery.capture(page, { surface, view: 'first-screen', setup });
      }
    }
  }, 180_000);

  it('the popup: every view in every setup state', async () => {
    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    const away = async () =>
      ((await control.evaluate(() => chrome.runtime.sendMessage({ type: 'getState' }))) as { value: StatePush }).value.view.away;
    const run: GalleryRun = { e2e: e2e(), states, docs, away };
    expect([...VISIT_ORDER].sort()).toEqual([...POPUP_VIEWS].sort());
    for (const view of VISIT_ORDER) {
      await ARRIVE[view](run);
      const popup = await e2e().popup();
      for (const setup of SETUP_ORDER) {
        await states.enter(setup);
        await popup.page.locator(`main.popup[data-view="${view}"] [data-setup-state="${setup}"]`).waitFor({ timeout: 15_000 });
        await gallery.capture(popup.page, { surface: 'popup', view, setup, element: popup.frame() });
      }
      // The viewport the gallery gives the popup is the real toolbar popup's, measured.
      {
        const cdp = await popup.page.context().newCDPSession(popup.page);
        await cdp.send('Emulation.setDeviceMetricsOverride', { width: 360, height: POPUP_MAX.height, deviceScaleFactor: 1, mobile: false });
        const emulated = await popupViewport(popup.page, 100);
        await cdp.send('Emulation.clearDeviceMetricsOverride');
        const real = await realPopupSize(popup.page, view);
        expect(real.view).toBe(view);
        expect(
          Math.abs(real.width - emulated.width),
          `${view}: real ${real.width} px wide, emulated ${emulated.width}`,
        ).toBeLessThanOrEqual(1);
        expect(
          Math.abs(real.height - emulated.height),
          `${view}: real ${real.height} px tall, emulated ${emulated.height}`,
        ).toBeLessThanOrEqual(2);
        await cdp.detach();
      }
      await popup.page.close();
    }
  }, 600_000);

  it('the coach asks what the work involves: the question, the answered form, and a session that says it', async () => {
    await states.enter('ready');
    // End the break view's session and answer its review: today then holds sessions and a review.
    const ending = await e2e().popup();
    await ending.byId('end-session').click();
    await ending.byId('review-yes').click();
    await ending.page.close();
    const docs = await e2e().openSite('docs.test', 'Q3 review notes');
    await docs.bringToFront();
    // Before the planned day: the start form with Coach (a block on offer takes its place).
    const popup = await e2e().popup();
    await popup.byId('coach-intention').fill('prepare the Q3 review');
    await popup.byId('coach').click();
    await popup.byId('coach-question').waitFor({ timeout: 15_000 });
    await gallery.capture(popup.page, { surface: 'popup', view: 'coach-question', setup: 'ready', element: popup.frame() });
    await popup.byId('coach-answer').first().click();
    await expect.poll(() => popup.byId('involves').inputValue()).toBe("Last quarter's sheet and the CRM");
    await gallery.capture(popup.page, { surface: 'popup', view: 'coach-answered', setup: 'ready', element: popup.frame() });
    await popup.start();
    await popup.byId('commitment-involves').waitFor();
    await gallery.capture(popup.page, { surface: 'popup', view: 'session-involves', setup: 'ready', element: popup.frame() });
    await popup.byId('end-session').click();
    await popup.page.locator('main.popup[data-view="review"]').waitFor();
    await popup.byId('review-skip').click();
    await popup.page.close();
    await docs.close();
  });

  it('a planned day: the popup with Today, templates and a block on offer; Options → Templates and Schedule', async () => {
    await states.enter('ready');
    const ask = (message: unknown) =>
      control.evaluate((m) => chrome.runtime.sendMessage(m), message) as Promise<{ ok: boolean; value: unknown }>;
    const template = {
      name: 'Deep work',
      ...PARSER_TESTS,
      allowed: ['docs.test'],
      blocked: ['videos.test'],
      timeboxMinutes: 50,
      rhythm: { workMinutes: 50, breakMinutes: 10 },
    };
    const saved = await ask({ type: 'saveTemplate', template });
    expect(saved.ok).toBe(true);
    await ask({ type: 'saveTemplate', template: { ...template, name: 'Email', nextAction: 'Inbox to zero', rhythm: null } });
    const settings = (await ask({ type: 'getSettings' })).value as Settings;
    // A block running now (it began this minute) is offered at once; one later today is next. Now is the
    // extension's (the break above moved its clock on).
    const now = new Date(await e2e().extensionNow());
    const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    const later = new Date(Math.min(now.getTime() + 3 * 3_600_000, new Date(now).setHours(23, 0, 0, 0)));
    const deep = (saved.value as { id: string }).id;
    const schedule = [
      { id: 'b-now', days: [now.getDay()], start: hhmm(now), lengthMinutes: 60, templateId: deep, autoStart: false },
      ...(later.getTime() - now.getTime() > 65 * 60_000
        ? [{ id: 'b-later', days: [now.getDay()], start: hhmm(later), lengthMinutes: 30, templateId: deep, autoStart: false }]
        : []),
    ];
    expect((await ask({ type: 'saveSettings', settings: { ...settings, schedule } })).ok).toBe(true);
    const popup = await e2e().popup();
    await popup.byId('due-block').waitFor();
    await popup.byId('today-block').first().waitFor();
    await gallery.capture(popup.page, { surface: 'popup', view: 'planned-day', setup: 'ready', element: popup.frame() });
    // The form, one click away: Today in the title's place, the templates and the recent commitments in one row.
    await popup.byId('start-other').click();
    await popup.byId('start-template').first().waitFor();
    await popup.byId('today-totals').waitFor();
    await gallery.capture(popup.page, { surface: 'popup', view: 'planned-day-form', setup: 'ready', element: popup.frame() });
    await popup.page.close();
    const plan = await e2e().options();
    await plan.byId('templates').waitFor();
    await gallery.capture(plan.page, {
      surface: 'options',
      view: 'templates',
      element: plan.page.locator('section', { has: plan.byId('templates') }),
    });
    await gallery.capture(plan.page, {
      surface: 'options',
      view: 'schedule',
      element: plan.page.locator('section', { has: plan.byId('schedule-add') }),
    });
    await plan.page.close();
  });

  it('the weekly goal: its line in the popup and its section in Options (it stays set for History below)', async () => {
    await states.enter('ready');
    const ask = (message: unknown) =>
      control.evaluate((m) => chrome.runtime.sendMessage(m), message) as Promise<{ ok: boolean; value: unknown }>;
    const settings = (await ask({ type: 'getSettings' })).value as Settings;
    expect((await ask({ type: 'saveSettings', settings: { ...settings, weeklyFocusGoalHours: 10 } })).ok).toBe(true);
    const popup = await e2e().popup();
    await popup.byId('weekly-goal').waitFor();
    await gallery.capture(popup.page, { surface: 'popup', view: 'weekly-goal', setup: 'ready', element: popup.frame() });
    await popup.page.close();
    const options = await e2e().options();
    await options.byId('weekly-goal-hours').waitFor();
    await gallery.capture(options.page, {
      surface: 'options',
      view: 'weekly-goal',
      element: options.page.locator('section', { has: options.byId('weekly-goal-hours') }),
    });
    await options.page.close();
  });

  it('a strict session: the start form with both boxes checked, the block page (and after Save for later), and the wait before ending early', async () => {
    await states.enter('ready');
    // The planned day's block is still on offer: the form is one click away, at its fullest (Today, templates, the due line).
    const popup = await e2e().popup();
    await popup.byId('start-other').click();
    await popup.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: ['videos.test'] });
    await popup.byId('strict').check();
    await popup.byId('allowlist-only').check();
    await gallery.capture(popup.page, { surface: 'popup', view: 'strict-form', setup: 'ready', element: popup.frame() });
    await popup.start();
    await popup.byId('session-marks').waitFor();
    // The task's tab first (Save for later brings it back), then a blocked site: the block page in its place, Back to task focused.
    const task = await e2e().openSite('docs.test', 'Parser design notes');
    await task.bringToFront();
    await e2e().expectBadge('ON');
    const blocked = await e2e().browser.context.newPage();
    await blocked.goto(e2e().pages.url('videos.test', 'Funny cats compilation')).catch(() => {});
    await blocked.getByTestId('block-page').waitFor();
    await expect.poll(() => blocked.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('block-back');
    await gallery.capture(blocked, { surface: 'blocked', view: 'strict-session' });
    // Save for later: the page says it is kept (the task tab comes forward behind it).
    await blocked.getByTestId('block-save-later').click();
    await blocked.getByTestId('block-saved').waitFor();
    await expect.poll(() => task.evaluate(() => document.visibilityState)).toBe('visible');
    await gallery.capture(blocked, { surface: 'blocked', view: 'strict-saved' });
    await blocked.close();
    // The block page framed by another site (at its per-session address, as if the site had learnt it): a note, nothing to press.
    const blockPage = await (await e2e().sw()).evaluate(() => chrome.runtime.getURL('blocked.html'));
    const framer = await e2e().browser.context.newPage();
    await framer.goto(
      `http://docs.test/hostile?title=A%20page%20framing%20it&framed=${encodeURIComponent(`${blockPage}?site=videos.test`)}`,
    );
    const framed = (await (await framer.$('iframe[data-framed]'))!.contentFrame())!;
    await framed.getByTestId('block-framed').waitFor();
    await gallery.capture(framer, { surface: 'blocked', view: 'framed', axeIn: framed });
    await framer.close();
    await task.close();
    await popup.page.bringToFront();
    // End asks for the wait (the default, 60 s); the capture is taken well inside it, Keep going focused.
    await popup.byId('end-session').click();
    await popup.page.locator('main.popup[data-view="wait"]').waitFor();
    await expect.poll(() => popup.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('keep-going');
    await gallery.capture(popup.page, { surface: 'popup', view: 'strict-wait', setup: 'ready', element: popup.frame() });
    // Once the wait has run (on the extension's clock: strict.test.ts's wait is the real one), End session now
    // ends it; the review is skipped so nothing is left open.
    await e2e().advanceClock(60_000);
    await popup.byId('wait-confirm').click({ timeout: 15_000 });
    await popup.page.locator('main.popup[data-view="review"]').waitFor();
    // The page the block page kept: cleared, so the Later list's own views start from an empty list.
    await popup.byId('review-saved-clear').click();
    await popup.byId('review-skip').click();
    await popup.page.close();
  }, 180_000);

  it('the Later list: a few pages and many, and the review offering what the session saved', async () => {
    await states.enter('ready');
    /** Saved for real: a page opened, then the shortcut pressed on the X display (the banner's button has its own test). */
    const save = async (host: string, title: string) => {
      const page = await e2e().openSite(host, title);
      await page.bringToFront();
      await e2e().pressKeys('alt+shift+l');
      await expect.poll(() => page.isClosed(), { timeout: 10_000 }).toBe(true);
    };
    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    await docs.bringToFront();
    const starting = await e2e().popup();
    // The planned day's block is still on offer: the form is one click away.
    await starting.byId('start-other').click();
    await starting.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: [] });
    await starting.start();
    await starting.page.close();
    for (const [host, title] of [
      ['news.test', 'How parser combinators work'],
      ['blog.test', 'A long read on error recovery'],
      ['videos.test', 'Talk: incremental parsing'],
    ] as const)
      await save(host, title);
    const review = await e2e().popup();
    await review.byId('end-session').click();
    await review.byId('review-saved').waitFor();
    await gallery.capture(review.page, { surface: 'popup', view: 'review-saved', setup: 'ready', element: review.frame() });
    await review.byId('review-saved-keep').click();
    await review.byId('review-skip').click();
    await review.byId('later-summary').click();
    await review.byId('later-entry').nth(2).waitFor();
    await gallery.capture(review.page, { surface: 'popup', view: 'later-few', setup: 'ready', element: review.frame() });
    await review.page.close();
    // Out of a session too: the shortcut saves the tab in front at any time.
    for (let n = 1; n <= 9; n++) await save(`site${n}.test`, `Something to read later, number ${n}, with a title long enough to be cut`);
    const many = await e2e().popup();
    await many.byId('later-summary').click();
    await many.byId('later-entry').nth(11).waitFor({ state: 'attached' });
    await gallery.capture(many.page, { surface: 'popup', view: 'later-many', setup: 'ready', element: many.frame() });
    await many.page.close();
  }, 180_000);

  it('a page of a mixed-use site: the banner says which part "This is on task" allows; Options lists the part', async () => {
    await states.enter('ready');
    const docs = await e2e().openSite('docs.test', 'Parser tests plan');
    await docs.bringToFront();
    // The planned day's block is still on offer: the form is one click away.
    const start = await e2e().popup();
    await start.byId('start-other').click();
    await start.fillCommitment({ ...PARSER_TESTS, allowed: ['docs.test'], blocked: [] });
    await start.start();
    await start.page.close();
    const channel = await e2e().openRealSite('https://www.youtube.com/@catmemes/videos', 'Cat memes daily - YouTube');
    await channel.bringToFront();
    await e2e().expectBadge('!', 15_000);
    const toast = new Toast(channel);
    await toast.expectTier('drift');
    await toast.settled();
    await gallery.capture(channel, { surface: 'toast', view: 'drifting-page', axeIn: toast.frame() });
    const popup = await e2e().popup();
    await popup.byId('drift-ontask-allows').waitFor();
    await gallery.capture(popup.page, { surface: 'popup', view: 'drifting-page', setup: 'ready', element: popup.frame() });
    await popup.byId('drift-ontask').click();
    await e2e().expectBadge('ON');
    const options = await e2e().options();
    await expect.poll(() => options.addedFromBanner(), { timeout: 10_000 }).toEqual(['youtube.com/@catmemes']);
    await gallery.capture(options.page, {
      surface: 'options',
      view: 'lists-with-part',
      element: options.page.locator('section', { has: options.byId('mixed-use-sites') }),
    });
    await options.page.close();
    await popup.byId('end-session').click();
    await popup.page.locator('main.popup[data-view="review"]').waitFor();
    await popup.byId('review-skip').click();
    await popup.page.close();
    await channel.close();
  });

  it('History with a week in it', async () => {
    await states.enter('ready');
    const history = await e2e().history();
    const at = await e2e().extensionNow();
    const week = generateYear(at, 5, 11, 7);
    const path = join(mkdtempSync(join(tmpdir(), 'antidrift-gallery-')), 'week.json');
    writeFileSync(path, JSON.stringify({ format: 'antidrift-history', version: 1, exportedAt: at, ...week }));
    await history.byId('import-history').setInputFiles(path);
    await expect.poll(() => history.byId('data-result').textContent(), { timeout: 30_000 }).toMatch(/^Added \d+ records/);
    await history.byId('range-week').click();
    await history.page.getByRole('heading', { name: 'Totals this week' }).waitFor();
    await history.byId('weekly-goal').waitFor();
    await history.page.evaluate(() => window.scrollTo(0, 0));
    await gallery.capture(history.page, { surface: 'history', view: 'full' });
  });

  it('every view passed its checks; the index lists them all', () => {
    gallery.writeIndex({ setups: SETUP_STATES });
    const rendered = new Set(gallery.shots.filter((s) => s.surface === 'popup').map((s) => `${s.view} ${s.setup}`));
    const missing = POPUP_VIEWS.flatMap((v) => SETUP_STATES.map((s) => `${v} ${s}`)).filter((key) => !rendered.has(key));
    expect(missing).toEqual([]);
    expect(gallery.problems()).toEqual([]);
  });
});
