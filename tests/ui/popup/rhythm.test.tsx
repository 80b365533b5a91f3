// Popup and rhythm: the start form's Rhythm field (presets, Custom with errors in words) and the session's work/break line.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import type { Reply } from '../../../shared/messages/requests';
import { popupViewOf } from '../../../ui/popup-view';
import { fakeClient, renderWith } from '../fake-client';
import { push, session, T0 } from '../fixtures';

afterEach(cleanup);

const MIN = 60_000;
const settings = { getSettings: (): Reply<'getSettings'> => ({ ok: true, value: { ...defaultSettings(), allowed: [], blocked: [] } }) };

async function idlePopup() {
  const fake = fakeClient(settings);
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle' }));
  fireEvent.input(await screen.findByTestId('next-action'), { target: { value: 'Write the parser tests' } });
  fireEvent.input(screen.getByTestId('success-condition'), { target: { value: 'parser.test.ts passes' } });
  return fake;
}

const choose = (value: string) => fireEvent.change(screen.getByTestId('rhythm-choice'), { target: { value } });

describe('popup: the Rhythm field', () => {
  it('starts without a rhythm by default', async () => {
    const fake = await idlePopup();
    expect((screen.getByTestId('rhythm-choice') as HTMLSelectElement).value).toBe('none');
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input).not.toHaveProperty('rhythm');
  });

  it('starts with a preset', async () => {
    const fake = await idlePopup();
    choose('50/10');
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input.rhythm).toEqual({ workMinutes: 50, breakMinutes: 10 });
  });

  it('a custom rhythm out of range blocks Start with its reason in words, and starts once mended', async () => {
    const fake = await idlePopup();
    choose('custom');
    const work = screen.getByTestId('rhythm-work');
    const rest = screen.getByTestId('rhythm-break');
    expect([(work as HTMLInputElement).value, (rest as HTMLInputElement).value]).toEqual(['25', '5']);
    fireEvent.input(rest, { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('start-session'));
    expect(fake.sent('startSession')).toHaveLength(0);
    expect(rest.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(rest.getAttribute('aria-describedby')!)?.textContent).toBe('Break: whole minutes, 1 to 120.');
    expect(document.activeElement).toBe(rest);
    fireEvent.input(rest, { target: { value: '7' } });
    fireEvent.input(work, { target: { value: '40' } });
    expect(rest.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input.rhythm).toEqual({ workMinutes: 40, breakMinutes: 7 });
  });
});

describe('popup: a session with a rhythm', () => {
  const rhythm = { workMinutes: 25, breakMinutes: 5 };

  it('while working: "Work — break in …"', async () => {
    const fake = fakeClient();
    fake.setNow(T0 + 13 * MIN);
    renderWith(fake.client, <Popup />);
    fake.push(push({ session: session({ rhythm }), rhythm: { phase: 'work', endsAt: T0 + 25 * MIN, ...rhythm } }));
    expect((await screen.findByTestId('rhythm')).textContent).toBe('Work — break in 12:00');
    expect(screen.getByTestId('status').textContent).toBe('On task');
  });

  it('on a break: "Break — back to work in …", the status says Break, even when idle', async () => {
    const fake = fakeClient();
    fake.setNow(T0 + 25 * MIN + 28_000);
    renderWith(fake.client, <Popup />);
    const view = push({ away: false, session: session({ rhythm }), rhythm: { phase: 'break', endsAt: T0 + 33 * MIN, ...rhythm } });
    fake.push(view);
    expect((await screen.findByTestId('rhythm')).textContent).toBe('Break — back to work in 7:32');
    expect(screen.getByTestId('status').textContent).toBe('Break');
    expect(document.querySelector('main.popup')?.getAttribute('data-view')).toBe('break');
    expect(popupViewOf({ ...view.view, away: true }, false)).toBe('break');
  });
});
