// Page objects for the extension's surfaces as a person uses them: popup, options, and the in-page toast.
import { readFileSync } from 'node:fs';
import type { Download, Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { within } from '../../harness/processes';
import { boundedProbe } from './bounded-probe';
import { onTrail, trailNote, trailStep } from './step-trail';

async function addChips(input: Locator, entries: string[]): Promise<void> {
  for (const entry of entries) {
    await input.fill(entry);
    await input.press('Enter');
  }
}

/** JSON array held in a `data-entries` attribute. */
export async function entriesOf(locator: Locator): Promise<string[]> {
  return JSON.parse((await locator.getAttribute('data-entries')) ?? '[]') as string[];
}

/** The popup, opened as a tab (chrome-extension://ID/popup.html). */
export class PopupPage {
  constructor(readonly page: Page) {}

  byId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** The popup's own box (what the toolbar shows), for screenshots. */
  frame(): Locator {
    return this.page.locator('main.popup');
  }

  /** Height of the popup's box, in CSS pixels. */
  async frameHeight(): Promise<number> {
    return this.frame().evaluate((main) => main.getBoundingClientRect().height);
  }

  /** The box height the loading skeleton gets: the shared minimum (the skeleton itself is shorter). */
  async skeletonHeight(): Promise<number> {
    return this.frame().evaluate((main) => parseFloat(getComputedStyle(main).minHeight));
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  async fillCommitment(input: { nextAction: string; successCondition: string; allowed: string[]; blocked: string[] }): Promise<void> {
    await this.byId('next-action').fill(input.nextAction);
    await this.byId('success-condition').fill(input.successCondition);
    await addChips(this.byId('allowed-list'), input.allowed);
    await addChips(this.byId('blocked-list'), input.blocked);
    await expect.poll(() => entriesOf(this.byId('allowed-chips'))).toEqual(expect.arrayContaining(input.allowed));
  }

  async start(): Promise<void> {
    await this.byId('start-session').click();
    await this.byId('commitment-text').waitFor();
  }

  async status(): Promise<string> {
    return (await this.byId('status').textContent()) ?? '';
  }

  async hostStatus(): Promise<string> {
    return (await this.byId('host-status').first().textContent()) ?? '';
  }
}

/** The options page, opened as a tab. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  byId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async save(): Promise<void> {
    await this.byId('settings-save').click();
    await this.byId('settings-saved').waitFor();
  }

  async setNudgeInterval(minutes: number): Promise<void> {
    await this.byId('nudge-interval').fill(String(minutes));
    await this.save();
  }

  async addedFromBanner(): Promise<string[]> {
    return entriesOf(this.byId('added-from-banner'));
  }

  async defaultAllowed(): Promise<string[]> {
    return entriesOf(this.byId('default-allowed-chips'));
  }

  async testBackend(): Promise<string> {
    await this.byId('backend-test').click();
    const result = this.byId('backend-test-result');
    await expect.poll(async () => ((await result.textContent()) ?? '').trim(), { timeout: 30_000 }).not.toBe('');
    return (await result.textContent()) ?? '';
  }

  async exportSettings(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.byId('export-settings').click()]);
    return download;
  }

  async importFile(path: string): Promise<string> {
    const result = this.byId('import-result');
    const before = (await result.textContent()) ?? '';
    await this.byId('import-settings').setInputFiles(path);
    await expect.poll(async () => (await result.textContent()) ?? '').not.toBe(before);
    return (await result.textContent()) ?? '';
  }
}

/** How long a click's release may go unacknowledged before the click goes on without it. */
const RELEASE_MS = 5_000;

class ReleaseUnacknowledged extends Error {}

/**
 * The in-page surfaces: the content script's closed shadow root holds a frame of the extension's own `in-page.html`, which
 * no locator of the page reaches; Playwright reaches it as a frame of the page, and clicks in it as a person's input does.
 */
export class Toast {
  constructor(readonly page: Page) {
    // On the test's trail, so that a failed test says which of the banner's steps stood still.
    return onTrail(this, 'toast');
  }

  /** The frame, while the host shows one. */
  frame(): Frame | undefined {
    return this.page.frames().find((f) => new URL(f.url(), 'http://x').pathname === '/in-page.html');
  }

  private root(): Locator | undefined {
    return this.frame()?.getByTestId('antidrift-toast');
  }

  async tier(): Promise<string | null> {
    const root = this.root();
    if (!root) return null;
    // count() has no timeout of its own: a frame going away can leave it waiting.
    if ((await boundedProbe("the banner's count", () => root.count()).catch(() => 0)) === 0) return null;
    return root
      .first()
      .getAttribute('data-tier', { timeout: 1_000 })
      .catch(() => null);
  }

  async expectTier(tier: 'drift' | 'nudge' | null, timeoutMs = 10_000): Promise<void> {
    await expect.poll(() => this.tier(), { timeout: timeoutMs, interval: 50 }).toBe(tier);
  }

  /** Waits for the banner's entrance animation to finish, and for the frame to take the banner's height (for screenshots). */
  async settled(): Promise<void> {
    // Animations run only in the tab in front; and a wait with no end would hide which step stood still.
    await this.page.bringToFront();
    const root = this.root()!.first();
    await expect
      .poll(() => root.evaluate((el) => el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')), {
        timeout: 10_000,
        interval: 100,
        message: "the banner's entrance animation did not finish",
      })
      .toBe(true);
    await expect
      .poll(() =>
        this.frame()!
          .frameElement()
          .then((f) => f.boundingBox())
          .then((box) => box?.height ?? 0),
      )
      .toBeGreaterThan(40);
  }

  async text(testId: string): Promise<string> {
    return (await this.frame()!.getByTestId(testId).first().textContent()) ?? '';
  }

  /**
   * A person's click on a button of the banner: the browser's own input at the top page's coordinates, once the button is
   * enabled and inside the frame's box. Not the locator's click: that checks its hit target by evaluating in the frame
   * after the click, and an answer that takes the banner away can detach the frame under it and leave it waiting.
   */
  async click(testId: 'drift-back' | 'drift-save' | 'drift-ontask' | 'drift-end' | 'nudge-dismiss'): Promise<void> {
    // A person clicks in the tab in front: a tab behind others gets no input and no frames (its animations stand still).
    await trailStep('bringToFront', () => this.page.bringToFront());
    await trailStep('frame', () => expect.poll(() => this.frame() !== undefined).toBe(true));
    const frame = this.frame()!;
    const button = frame.getByTestId(testId);
    await trailStep('visible', () => button.waitFor({ state: 'visible' }));
    await trailStep('enabled', () => expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true));
    // Where the banner ends its entrance (a short slide), not where it is on the way: the same box twice in a row.
    let last = '';
    await trailStep('still', () =>
      expect
        .poll(
          async () => {
            const now = JSON.stringify(await button.boundingBox());
            const still = now === last;
            last = now;
            return still;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBe(true),
    );
    let target: { x: number; y: number } | undefined;
    await trailStep('inside', () =>
      expect
        .poll(
          async () => {
            const [box, frameBox] = await Promise.all([button.boundingBox(), frame.frameElement().then((f) => f.boundingBox())]);
            if (!box || !frameBox) return false;
            target = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
            const inside = (b: typeof box, p: { x: number; y: number }) =>
              p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height;
            return inside(frameBox, target);
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true),
    );
    await trailStep('mouse.move', () => this.page.mouse.move(target!.x, target!.y));
    await trailStep('mouse.down', () => this.page.mouse.down());
    // The release is the click, and its answer takes the banner and its frame away: Chromium may then never acknowledge
    // the release (the frame's input handler is gone), so its wait is bounded. What follows each click checks the answer.
    const acknowledged = await trailStep('mouse.up', () =>
      within(
        RELEASE_MS,
        () => this.page.mouse.up().then(() => true),
        () => new ReleaseUnacknowledged(),
      ).catch((error: unknown) => {
        if (error instanceof ReleaseUnacknowledged) return false;
        throw error;
      }),
    );
    if (!acknowledged) trailNote(`${testId}: the release was not acknowledged in ${RELEASE_MS / 1000} s; going on`);
  }
}

/** The History page, opened as a tab. */
export class HistoryPage {
  constructor(readonly page: Page) {}

  byId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** The text of one headline total. */
  async total(id: 'focused' | 'drift' | 'away' | 'sessions' | 'met'): Promise<string> {
    return ((await this.byId(`total-${id}`).locator('dd').textContent()) ?? '').trim();
  }

  async places(): Promise<string[]> {
    const rows = await this.byId('place-row').locator('th').allTextContents();
    return [...new Set(rows.map((r) => r.replace(/\s*\(.*\)\s*$/, '').trim()))];
  }

  async download(testId: 'export-json' | 'export-csv'): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.byId(testId).click()]);
    return readFileSync(await download.path(), 'utf8');
  }
}
