// Popup and history: the running session's totals and last drift, the end-of-session review, the History link.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import type { Reply } from '../../../shared/messages/requests';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { fakeClient, renderWith } from '../fake-client';
import { push, T0 } from '../fixtures';

afterEach(cleanup);

/** The idle form loads the settings for its lists. */
const settings = (): Reply<'getSettings'> => ({ ok: true, value: defaultSettings() });

const REVIEW = { key: 'k-1', nextAction: 'Write the parser tests', successCondition: 'all tests pass', endedAt: T0 };

describe('popup: history', () => {
  it('shows focused and drifted minutes and the last drift of the running session', async () => {
    const fake = fakeClient({
      getHistoryStatus: (): Reply<'getHistoryStatus'> => ({
        ok: true,
        value: {
          progress: { focusedMs: 25 * 60_000, driftMs: 4 * 60_000 + 20_000, lastDrift: { place: 'videos.test', at: T0 } },
          pendingReview: null,
          today: null,
          band: [],
        },
      }),
    });
    renderWith(fake.client, <Popup />);
    fake.push(push());
    expect((await screen.findByTestId('focused')).textContent).toBe('25 min');
    expect(screen.getByTestId('drifted').textContent).toBe('4 min');
    expect(screen.getByTestId('last-drift').textContent).toBe('videos.test');
  });

  it('says Away while the person is away', async () => {
    const fake = fakeClient();
    renderWith(fake.client, <Popup />);
    fake.push(push({ away: true }));
    expect((await screen.findByTestId('status')).textContent).toBe('Away');
  });

  it('after a session, asks whether the success condition was met; an answer with a note is sent and the card goes', async () => {
    let pending: typeof REVIEW | null = REVIEW;
    const fake = fakeClient({
      getSettings: settings,
      getHistoryStatus: (): Reply<'getHistoryStatus'> => ({
        ok: true,
        value: { progress: null, pendingReview: pending, today: null, band: [] },
      }),
      reviewSession: (): Reply<'reviewSession'> => {
        pending = null;
        return { ok: true, value: null };
      },
    });
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    expect((await screen.findByRole('heading', { name: 'Did you meet: all tests pass?' })).textContent).toContain('all tests pass');
    // The next session's form is one click away (an answer or Skip).
    expect(screen.queryByTestId('start-session')).toBeNull();
    fireEvent.input(screen.getByTestId('review-note'), { target: { value: 'lexer left' } });
    fireEvent.click(screen.getByTestId('review-partly'));
    await waitFor(() => expect(screen.queryByTestId('review')).toBeNull());
    expect((await screen.findByTestId('start-session')).textContent).toBe('Start session');
    expect(fake.sent('reviewSession')).toEqual([{ type: 'reviewSession', key: 'k-1', answer: 'partly', note: 'lexer left' }]);
  });

  it('Skip sends no answer and no note', async () => {
    const fake = fakeClient({
      getSettings: settings,
      getHistoryStatus: (): Reply<'getHistoryStatus'> => ({
        ok: true,
        value: { progress: null, pendingReview: REVIEW, today: null, band: [] },
      }),
    });
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    fireEvent.input(await screen.findByTestId('review-note'), { target: { value: 'typed, then skipped' } });
    fireEvent.click(screen.getByTestId('review-skip'));
    await waitFor(() => expect(fake.sent('reviewSession')).toHaveLength(1));
    expect(fake.sent('reviewSession')[0]).toMatchObject({ answer: null, note: '' });
  });

  it('the History link opens the History page', async () => {
    const fake = fakeClient({ getSettings: settings });
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    fireEvent.click(await screen.findByTestId('open-history'));
    expect(fake.pagesOpened).toEqual(['history']);
  });
});
