// Popup in a strict session: its mark, End and Pause waiting first, the wait view's countdown, Keep going, and the banner's on-task wait.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { waitAnnouncement } from '../../../entrypoints/popup/wait-view';
import type { StatePush } from '../../../shared/messages/pushes';
import type { Reply } from '../../../shared/messages/requests';
import { fakeClient, renderWith } from '../fake-client';
import { drifting, push, strictSession, T0 } from '../fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const MIN = 60_000;
/** A strict session with 25 minutes' timebox, ten minutes in. */
const NOW = T0 + 10 * MIN;
const TIMEBOX = { endsAt: T0 + 25 * MIN };

async function popupAt(now: number, state: StatePush, handlers = {}) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const fake = fakeClient(handlers);
  fake.setNow(now);
  renderWith(fake.client, <Popup />);
  fake.push(state);
  await screen.findByTestId('popup-foot');
  return fake;
}

/** Moves the popup's clock to `at` and lets its one-second tick read it. */
function tickTo(fake: ReturnType<typeof fakeClient>, at: number) {
  fake.setNow(at);
  act(() => void vi.advanceTimersByTime(1000));
}

function view(): string | undefined {
  return document.querySelector<HTMLElement>('main.popup')?.dataset.view;
}

/** The push once the background started a wait of `purpose` at NOW. */
function waiting(purpose: 'end' | 'pause', over = {}) {
  return push({ session: strictSession({ ...TIMEBOX, wait: { purpose, startedAt: NOW, readyAt: NOW + 60_000 }, ...over }) });
}

describe('popup: a strict session', () => {
  it('is marked Strict (and allowlist only) until its timebox ends', async () => {
    const fake = await popupAt(NOW, push({ session: strictSession({ ...TIMEBOX, allowlistOnly: true }) }));
    expect(screen.getByTestId('session-marks').textContent).toBe('Strict · allowlist only');
    tickTo(fake, T0 + 26 * MIN);
    expect(screen.getByTestId('session-marks').textContent).toBe('Allowlist only');
  });

  it('an ordinary session has no mark', async () => {
    await popupAt(NOW, push());
    expect(screen.queryByTestId('session-marks')).toBeNull();
  });

  it('End asks for the wait instead of ending; the wait view shows with Keep going focused', async () => {
    const fake = await popupAt(NOW, push({ session: strictSession(TIMEBOX) }));
    fireEvent.click(screen.getByTestId('end-session'));
    await waitFor(() => expect(fake.sent('beginWait')).toEqual([{ type: 'beginWait', purpose: 'end' }]));
    expect(fake.sent('endSession')).toHaveLength(0);
    fake.push(waiting('end'));
    expect(view()).toBe('wait');
    expect(document.activeElement).toBe(screen.getByTestId('keep-going'));
    expect(screen.getByTestId('commitment-text').textContent).toContain('Write the parser tests');
    expect(screen.getByTestId('wait-session-left').textContent).toBe('15:00 left in this session');
    expect(screen.getByTestId('wait-countdown').textContent).toBe('1:00');
    expect(screen.getByTestId('wait-countdown').getAttribute('aria-live')).toBe('off');
    expect(screen.getByTestId('wait-words').textContent).toBe('Ending early waits 60 s — or keep going.');
    expect(screen.getByTestId('wait-confirm').textContent).toBe('End session now');
  });

  it('End session now is disabled until the wait is over, then ends the session', async () => {
    const fake = await popupAt(NOW, waiting('end'));
    const confirm = screen.getByTestId('wait-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    tickTo(fake, NOW + 59_001);
    expect(screen.getByTestId('wait-countdown').textContent).toBe('0:00');
    expect(confirm.disabled).toBe(true);
    tickTo(fake, NOW + 60_000);
    expect(confirm.disabled).toBe(false);
    // Focus stays on Keep going: the wait running out ends nothing by itself.
    expect(document.activeElement).toBe(screen.getByTestId('keep-going'));
    fireEvent.click(confirm);
    await waitFor(() => expect(fake.sent('endSession')).toHaveLength(1));
  });

  it('says the refusal in words when the background still refuses', async () => {
    const fake = await popupAt(NOW + 60_000, waiting('end'), {
      endSession: (): Reply<'endSession'> => ({
        ok: false,
        error: { kind: 'bad_request', message: 'strict session: ending early waits 3 s more' },
      }),
    });
    fireEvent.click(screen.getByTestId('wait-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('Strict session: ending early waits 3 s more');
    expect(fake.sent('endSession')).toHaveLength(1);
  });

  it('Keep going cancels the wait', async () => {
    const fake = await popupAt(NOW, waiting('end'));
    fireEvent.click(screen.getByTestId('keep-going'));
    await waitFor(() => expect(fake.sent('cancelWait')).toEqual([{ type: 'cancelWait' }]));
    fake.push(push({ session: strictSession(TIMEBOX) }));
    expect(view()).toBe('active');
  });

  it('Pause waits too, and Pause now pauses once the wait is over', async () => {
    const fake = await popupAt(NOW, push({ session: strictSession(TIMEBOX) }));
    fireEvent.click(screen.getByTestId('pause'));
    await waitFor(() => expect(fake.sent('beginWait')).toEqual([{ type: 'beginWait', purpose: 'pause' }]));
    expect(fake.sent('pauseSession')).toHaveLength(0);
    fake.push(waiting('pause'));
    expect(screen.getByTestId('wait-words').textContent).toBe('Pausing waits 60 s — or keep going.');
    tickTo(fake, NOW + 60_000);
    fireEvent.click(screen.getByTestId('wait-confirm'));
    await waitFor(() => expect(fake.sent('pauseSession')).toHaveLength(1));
  });

  it('after its timebox, End ends at once, and a wait still shown is over', async () => {
    const fake = await popupAt(T0 + 25 * MIN, push({ session: strictSession(TIMEBOX) }));
    fireEvent.click(screen.getByTestId('end-session'));
    await waitFor(() => expect(fake.sent('endSession')).toHaveLength(1));
    expect(fake.sent('beginWait')).toHaveLength(0);
    fake.push(waiting('end'));
    expect((screen.getByTestId('wait-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('Resume never waits', async () => {
    const fake = await popupAt(NOW, push({ phase: 'paused', session: strictSession({ ...TIMEBOX, pausedAt: NOW - MIN }) }));
    fireEvent.click(screen.getByTestId('resume'));
    await waitFor(() => expect(fake.sent('resumeSession')).toHaveLength(1));
    expect(fake.sent('beginWait')).toHaveLength(0);
  });

  it('announces the countdown sparsely: each half minute, at ten seconds, and when it is over', () => {
    const said = new Set<string>();
    for (let left = 60_000; left >= -1000; left -= 1000) said.add(waitAnnouncement(left, 'ending early'));
    expect([...said]).toEqual([
      'Up to 60 seconds left.',
      'Up to 30 seconds left.',
      '10 seconds left.',
      'You can go ahead with ending early now.',
    ]);
  });
});

describe('popup: the drift banner in a strict session', () => {
  it('offers "This is on task" at once in an ordinary session', async () => {
    await popupAt(NOW, drifting(1, 'videos', false, 0));
    const onTask = screen.getByTestId('drift-ontask') as HTMLButtonElement;
    expect(onTask.textContent).toBe('This is on task');
    expect(onTask.disabled).toBe(false);
  });

  it('never for a site on the blocked list; Back to task stays', async () => {
    await popupAt(NOW, drifting(1, 'videos.test is on your blocked list', false, null));
    expect(screen.queryByTestId('drift-ontask')).toBeNull();
    expect((screen.getByTestId('drift-back') as HTMLButtonElement).disabled).toBe(false);
  });

  it('counts down to it for a drift the AI judged, the commitment still shown', async () => {
    const fake = await popupAt(NOW, drifting(1, 'the AI judged it off task', false, NOW + 8_000));
    const onTask = screen.getByTestId('drift-ontask') as HTMLButtonElement;
    expect(onTask.textContent).toBe('This is on task (8 s)');
    expect(onTask.disabled).toBe(true);
    expect(screen.getByTestId('commitment-text').textContent).toContain('Write the parser tests');
    tickTo(fake, NOW + 7_500);
    expect(onTask.textContent).toBe('This is on task (1 s)');
    tickTo(fake, NOW + 8_000);
    expect(onTask.textContent).toBe('This is on task');
    expect(onTask.disabled).toBe(false);
    fireEvent.click(onTask);
    await waitFor(() => expect(fake.sent('driftOnTask')).toHaveLength(1));
  });
});
