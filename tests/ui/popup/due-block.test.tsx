// The popup's due-block offer: shown at the top of the idle view, Start / In 10 minutes / Skip sent with its key, refusals in words.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import type { Reply } from '../../../shared/messages/requests';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { fakeClient, renderWith } from '../fake-client';
import { push, T0 } from '../fixtures';

afterEach(cleanup);

const DUE = { key: 'b1@2026-01-05', label: '09:00 Deep work', start: T0, end: T0 + 3_600_000, waiting: false };

function client(due: typeof DUE | null, start?: () => Reply<'startDueBlock'>) {
  let offered = due;
  return fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: defaultSettings() }),
    getPlan: (): Reply<'getPlan'> => ({ ok: true, value: { due: offered, today: [] } }),
    startDueBlock: start ?? (() => ((offered = null), { ok: true, value: null })),
    snoozeDueBlock: () => ({ ok: true, value: null }),
    dismissDueBlock: () => ((offered = null), { ok: true, value: null }),
  });
}

describe('popup: a scheduled block on offer', () => {
  it('shows the block above the form and starts it with its key', async () => {
    const fake = client(DUE);
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    expect((await screen.findByTestId('due-block')).textContent).toContain('09:00 Deep work');
    fireEvent.click(screen.getByTestId('start-due-block'));
    await waitFor(() => expect(fake.sent('startDueBlock')).toEqual([{ type: 'startDueBlock', key: DUE.key }]));
    await waitFor(() => expect(screen.queryByTestId('due-block')).toBeNull());
  });

  it('snoozes and skips with the key', async () => {
    const fake = client(DUE);
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    fireEvent.click(await screen.findByTestId('snooze-due-block'));
    await waitFor(() => expect(fake.sent('snoozeDueBlock')).toEqual([{ type: 'snoozeDueBlock', key: DUE.key }]));
    fireEvent.click(screen.getByTestId('dismiss-due-block'));
    await waitFor(() => expect(screen.queryByTestId('due-block')).toBeNull());
    expect(fake.sent('dismissDueBlock')).toHaveLength(1);
  });

  it('says why a start was refused', async () => {
    const fake = client(DUE, () => ({
      ok: false,
      error: { kind: 'bad_request', message: '"Deep work" has no next action and done-when yet' },
    }));
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    fireEvent.click(await screen.findByTestId('start-due-block'));
    expect((await screen.findByTestId('due-block-error')).textContent).toContain('has no next action and done-when yet');
  });

  it('shows nothing without an offer, and nothing over a running session', async () => {
    const fake = client(null);
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    await waitFor(() => expect(fake.sent('getPlan').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('due-block')).toBeNull();
    cleanup();
    const busy = client(DUE);
    renderWith(busy.client, <Popup />);
    busy.push(push());
    await waitFor(() => expect(busy.sent('getPlan').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('due-block')).toBeNull();
  });
});

describe('popup: a block on offer and the form', () => {
  it('the offer comes first with Today; Start something else shows the form, the offer as a line to go back to', async () => {
    const fake = client(DUE);
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    await screen.findByTestId('due-block');
    expect(screen.queryByTestId('next-action')).toBeNull();
    fireEvent.click(screen.getByTestId('start-other'));
    await screen.findByTestId('next-action');
    expect(screen.queryByTestId('due-block')).toBeNull();
    expect(screen.getByTestId('due-note').textContent).toBe('09:00 Deep work is due. Back to it');
    // The form without the coach, so it still fits the popup.
    expect(screen.queryByTestId('coach-intention')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to it' }));
    await screen.findByTestId('due-block');
  });
});
