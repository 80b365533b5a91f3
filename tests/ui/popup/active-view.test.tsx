// Popup during a session: clock, status, drift banner actions, heads-up, pause/resume, host line.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { badgeFor } from '../../../shared/core/badge';
import type { StatePush } from '../../../shared/messages/pushes';
import { STATUS_WORDS } from '../../../ui/format';
import { fakeClient, renderWith } from '../fake-client';
import { drifting, host, nudging, push, session, T0 } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function popupWith(state: StatePush) {
  const fake = fakeClient();
  renderWith(fake.client, <Popup />);
  fake.push(state);
  await screen.findByTestId('status');
  return fake;
}

describe('popup: active session', () => {
  it('shows the commitment, status in words, and a ticking elapsed time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fake = fakeClient();
    fake.setNow(T0 + 5_000);
    renderWith(fake.client, <Popup />);
    fake.push(push({ session: session({ pausedTotalMs: 2_000 }) }));
    expect(screen.getByTestId('status').textContent).toBe('On task');
    expect(screen.getByTestId('commitment-text').textContent).toContain('Write the parser tests');
    expect(screen.getByTestId('commitment-text').textContent).toContain('all tests in parser.test.ts pass');
    expect(screen.getByTestId('elapsed').textContent).toBe('0:03');
    fake.setNow(T0 + 3_725_000 + 2_000);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('elapsed').textContent).toBe('1:02:05');
    expect(screen.queryByTestId('time-left')).toBeNull();
  });

  it('shows the time left of a timebox', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fake = fakeClient();
    fake.setNow(T0 + 60_000);
    renderWith(fake.client, <Popup />);
    fake.push(push({ session: session({ endsAt: T0 + 25 * 60_000 }) }));
    expect((await screen.findByTestId('time-left')).textContent).toBe('24:00 left');
    fake.setNow(T0 + 26 * 60_000);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('time-left').textContent).toBe("time's up");
  });

  it('while paused: frozen clock, Paused, and Resume', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fake = fakeClient();
    fake.setNow(T0 + 600_000);
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'paused', session: session({ pausedAt: T0 + 90_000, pausedTotalMs: 30_000 }) }));
    expect(screen.getByTestId('status').textContent).toBe('Paused');
    expect(screen.getByTestId('elapsed').textContent).toBe('1:00');
    fake.setNow(T0 + 900_000);
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('elapsed').textContent).toBe('1:00');
    expect(screen.queryByTestId('pause')).toBeNull();
    fireEvent.click(screen.getByTestId('resume'));
    expect(fake.sent('resumeSession')).toHaveLength(1);
  });

  it('while paused, a drift stays out of the way: no banner', async () => {
    // The background sends no banner while paused (tests/unit/core/controller/surface-view.test.ts); the status still says why.
    await popupWith(push({ phase: 'paused', status: 'drifting', banner: null }));
    expect(screen.getByTestId('status').textContent).toBe('Paused');
    expect(screen.queryByTestId('drift-banner')).toBeNull();
  });

  it('pause and end send their requests', async () => {
    const fake = await popupWith(push());
    fireEvent.click(screen.getByTestId('pause'));
    await waitFor(() => expect(fake.sent('pauseSession')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('end-session').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('end-session'));
    await waitFor(() => expect(fake.sent('endSession')).toHaveLength(1));
  });

  it('shows the drift banner with its reason, each action sends its request, and one End session button', async () => {
    const fake = await popupWith(drifting(3, 'youtube.com is blocked'));
    expect(screen.getByTestId('status').textContent).toBe('Drifting');
    expect(screen.getByTestId('drift-banner').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('drift-reason').textContent).toBe('youtube.com is blocked');
    expect(screen.getAllByRole('button', { name: 'End session' })).toHaveLength(1);
    for (const [id, type] of [
      ['drift-back', 'driftBackToTask'],
      ['drift-ontask', 'driftOnTask'],
      ['end-session', 'endSession'],
    ] as const) {
      await waitFor(() => expect(screen.getByTestId(id).hasAttribute('disabled')).toBe(false));
      fireEvent.click(screen.getByTestId(id));
      await waitFor(() => expect(fake.sent(type)).toHaveLength(1));
    }
  });

  it('on a page of a mixed-use site the banner says which part "This is on task" allows', async () => {
    const view = drifting(3, 'Cat videos.');
    await popupWith({ ...view, view: { ...view.view, banner: { ...view.view.banner!, onTaskAllows: 'reddit.com/r/funny' } } });
    expect(screen.getByTestId('drift-ontask-allows').textContent).toBe('“This is on task” allows reddit.com/r/funny, not the whole site.');
  });

  it('still shows an already-answered banner in the popup, quieter', async () => {
    await popupWith(drifting(3, 'r', true));
    const banner = screen.getByTestId('drift-banner');
    expect(banner.classList.contains('quiet')).toBe(true);
    expect(banner.getAttribute('role')).toBe('region');
  });

  it('heads-up: dismiss hides it at once, the shared dismissal keeps it hidden, a new message shows', async () => {
    const fake = await popupWith(nudging('You are reading unrelated docs'));
    expect(screen.getByTestId('nudge-message').textContent).toBe('You are reading unrelated docs');
    expect(screen.queryByTestId('drift-banner')).toBeNull();
    fireEvent.click(screen.getByTestId('nudge-dismiss'));
    expect(screen.queryByTestId('nudge')).toBeNull();
    expect(fake.sent('nudgeDismiss')).toEqual([{ type: 'nudgeDismiss', message: 'You are reading unrelated docs' }]);
    // The background confirms: the dismissed advice is gone from the view every surface renders.
    fake.push(push({ now: T0 + 1 }));
    expect(screen.queryByTestId('nudge')).toBeNull();
    // The same text pushed again before the confirmation stays hidden here; a new message shows.
    fake.push({ ...nudging('You are reading unrelated docs'), now: T0 + 2 });
    expect(screen.queryByTestId('nudge')).toBeNull();
    fake.push({ ...nudging('Now it is social media'), now: T0 + 3 });
    expect(screen.getByTestId('nudge-message').textContent).toBe('Now it is social media');
  });
});

it.each([
  [
    host({ connection: 'missing', activeBackend: null, browserModel: { availability: 'downloadable' } }),
    /not downloaded yet: Options → AI backend → Download/,
  ],
  [host({ activeBackend: null, chosenBackend: 'browser', browserModel: { availability: 'downloading' } }), /is downloading/],
  [
    host({ activeBackend: null, chosenBackend: 'browser', browserModel: { availability: 'unavailable', reason: 'no Prompt API' } }),
    /is unavailable: no Prompt API/,
  ],
] as const)("the built-in model's state has its line when it matters: %o", async (h, text) => {
  await popupWith(push({ host: h }));
  expect(screen.getByTestId('browser-model-status').textContent).toMatch(text);
});

it('no line about the built-in model while a CLI backend does the work, or while it does, ready (the status line names it)', async () => {
  await popupWith(push({ host: host({ activeBackend: 'claude', browserModel: { availability: 'available' } }) }));
  expect(screen.queryByTestId('browser-model-status')).toBeNull();
  cleanup();
  await popupWith(push({ host: host({ activeBackend: 'browser', browserModel: { availability: 'available' } }) }));
  expect(screen.queryByTestId('browser-model-status')).toBeNull();
});

it('uses the same status words as the badge tooltip', () => {
  for (const [status, words] of Object.entries(STATUS_WORDS)) {
    const view = push({ status: status as keyof typeof STATUS_WORDS }).view;
    expect(badgeFor(view).title).toContain(`Status: ${words}`);
  }
});
