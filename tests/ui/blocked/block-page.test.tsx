// The block page: the commitment and the time with Back to task focused while a strict session blocks; words and the site's link once it does not.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockPage } from '../../../entrypoints/blocked/block-page';
import type { SessionView } from '../../../shared/core/controller/surface-view';
import { fakeClient, renderWith } from '../fake-client';
import { push, session, T0 } from '../fixtures';

afterEach(cleanup);

/** A strict session (the controller's `strict` on SessionView) blocking youtube.com. */
const strictSession = (over: Partial<SessionView> = {}) => ({ ...session(over), strict: true }) as SessionView;

const ADDRESS = 'https://www.youtube.com/watch?v=1';

function open(went: 'tab' | 'none' = 'tab', canGoBack = true, now = T0, address: string | null = ADDRESS, saveRefused?: string) {
  const fake = fakeClient({
    blockPageBackToTask: () => ({ ok: true, value: { went } }),
    blockPageSaveForLater: () =>
      saveRefused ? { ok: false, error: { kind: 'bad_request', message: saveRefused } } : { ok: true, value: { went } },
  });
  fake.setNow(now);
  let wentBack = 0;
  renderWith(
    fake.client,
    <BlockPage
      site="youtube.com"
      address={address ?? undefined}
      goBack={() => {
        wentBack += canGoBack ? 1 : 0;
        return canGoBack;
      }}
    />,
  );
  return { fake, wentBack: () => wentBack };
}

describe('block page', () => {
  it('while blocked: one h1, the commitment, the time left, the strict line, Back to task focused; navigationBlocked sent once', async () => {
    const { fake } = open('tab', true, T0 + 5 * 60_000);
    fake.push(push({ session: strictSession({ endsAt: T0 + 25 * 60_000 }), now: T0 + 5 * 60_000 }));
    await screen.findByTestId('block-page');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['youtube.com is blocked']);
    expect(screen.getByTestId('block-line').textContent).toBe('Strict session: youtube.com is blocked until the session ends.');
    expect(screen.getByTestId('block-next-action').textContent).toBe('Write the parser tests');
    expect(screen.getByTestId('block-done-when').textContent).toBe('all tests in parser.test.ts pass');
    expect(screen.getByTestId('block-time').textContent).toBe('20:00 left in the timebox');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back to task' }));
    expect(fake.sent('navigationBlocked')).toEqual([{ type: 'navigationBlocked', site: 'youtube.com' }]);
  });

  it('without a timebox: the time in session', async () => {
    const { fake } = open('tab', true, T0 + 90_000);
    fake.push(push({ session: strictSession() }));
    expect((await screen.findByTestId('block-time')).textContent).toBe('1:30 into the session');
  });

  /** The page while blocked, with `button` pressed: the background answering `went`, the tab able to go back or not. */
  async function press(button: 'Back to task' | 'Save for later', went: 'tab' | 'none', canGoBack = true) {
    cleanup();
    const opened = open(went, canGoBack);
    opened.fake.push(push({ session: strictSession() }));
    fireEvent.click(await screen.findByRole('button', { name: button }));
    return opened;
  }

  it('Back to task: the background focuses the task tab, or the page goes back, or says there is nothing', async () => {
    const toTab = await press('Back to task', 'tab');
    await waitFor(() => expect(toTab.fake.sent('blockPageBackToTask')).toHaveLength(1));
    expect(toTab.wentBack()).toBe(0);
    const back = await press('Back to task', 'none');
    await waitFor(() => expect(back.wentBack()).toBe(1));
    await press('Back to task', 'none', false);
    expect((await screen.findByTestId('block-stuck')).textContent).toBe('Nothing to go back to — open your task.');
  });

  it('Save for later: sends that one address with its entry, then says it is kept, and goes back when no task tab comes forward', async () => {
    const toTab = open('tab');
    toTab.fake.push(push({ session: strictSession() }));
    const save = await screen.findByRole('button', { name: 'Save for later' });
    save.focus(); // as a click in a browser would
    fireEvent.click(save);
    expect((await screen.findByTestId('block-saved')).textContent).toBe(
      'Saved for later: it is on your Later list, for after the session.',
    );
    expect(toTab.fake.sent('blockPageSaveForLater')).toEqual([{ type: 'blockPageSaveForLater', site: 'youtube.com', url: ADDRESS }]);
    expect(toTab.wentBack()).toBe(0);
    // The pressed button is gone: the focus goes to Back to task, not to the page's body.
    expect(screen.queryByRole('button', { name: 'Save for later' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back to task' })));
    const back = await press('Save for later', 'none');
    await waitFor(() => expect(back.wentBack()).toBe(1));
    await press('Save for later', 'none', false);
    expect((await screen.findByTestId('block-saved')).textContent).toBe(
      'Saved for later: it is on your Later list, for after the session. Nothing to go back to — open your task.',
    );
  });

  it('Save for later refused: the reason in words, the button stays; no address, no button', async () => {
    const refused = open('tab', true, T0, ADDRESS, 'not saved for later: pages of private windows are never kept');
    refused.fake.push(push({ session: strictSession() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save for later' }));
    expect((await screen.findByTestId('block-refused')).textContent).toContain(
      'not saved for later: pages of private windows are never kept',
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Back to task', 'Save for later']);
    cleanup();
    const none = open('tab', true, T0, null);
    none.fake.push(push({ session: strictSession() }));
    await screen.findByTestId('block-page');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Back to task']);
  });

  it.each([
    ['over', push({ phase: 'idle' }), 'The session is over — this site is not blocked any more.'],
    ['not strict', push({ session: session() }), 'This session is not strict — this site is not blocked.'],
    [
      'paused',
      push({ phase: 'paused', session: strictSession({ pausedAt: T0 }) }),
      'The session is paused — this site is not blocked while it is.',
    ],
    ['timebox over', push({ session: strictSession({ endsAt: T0 - 1 }) }), 'The timebox is over — this site is not blocked any more.'],
  ])('%s: says so and offers the site', async (_, state, words) => {
    const { fake } = open();
    fake.push(state);
    expect((await screen.findByTestId('block-over')).textContent).toContain(words);
    expect(screen.getByTestId('open-site').getAttribute('href')).toBe('https://youtube.com/');
    expect(screen.getByTestId('open-site').textContent).toBe('Open youtube.com');
  });
});
