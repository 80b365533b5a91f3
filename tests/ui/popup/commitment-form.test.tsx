// Popup, idle: skeleton first, the commitment form, its validation, chips, coach and start.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import type { Reply } from '../../../shared/messages/requests';
import { fakeClient, renderWith } from '../fake-client';
import { push } from '../fixtures';

afterEach(cleanup);

const withSettings = {
  getSettings: (): Reply<'getSettings'> => ({ ok: true, value: { ...defaultSettings(), allowed: ['code'], blocked: ['youtube.com'] } }),
};

function entries(testId: string): string[] {
  return JSON.parse(screen.getByTestId(testId).getAttribute('data-entries') ?? 'null') as string[];
}

async function idlePopup(handlers = {}) {
  const fake = fakeClient({ ...withSettings, ...handlers });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle' }));
  await screen.findByTestId('next-action');
  await waitFor(() => expect(entries('allowed-chips')).toEqual(['code']));
  return fake;
}

describe('popup: idle', () => {
  it('renders a skeleton until the first state, from getState alone', async () => {
    const fake = fakeClient({ getState: () => ({ ok: true, value: push({ phase: 'idle' }) }) });
    renderWith(fake.client, <Popup />);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect((await screen.findByTestId('start-session')).textContent).toBe('Start session');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(fake.sent('getState')).toHaveLength(1);
  });

  it('prefills the lists from settings', async () => {
    await idlePopup();
    expect(entries('blocked-chips')).toEqual(['youtube.com']);
  });

  it('blocks Start with inline messages, aria-invalid and aria-describedby', async () => {
    const fake = await idlePopup();
    fireEvent.click(screen.getByTestId('start-session'));
    const next = screen.getByTestId('next-action');
    const success = screen.getByTestId('success-condition');
    expect(next.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(next.getAttribute('aria-describedby')!)?.textContent).toMatch(/what you will do next/i);
    expect(document.getElementById(success.getAttribute('aria-describedby')!)?.textContent).toMatch(/know it is done/i);
    expect(document.activeElement).toBe(next);
    expect(fake.sent('startSession')).toHaveLength(0);
    fireEvent.input(next, { target: { value: 'Write tests' } });
    expect(next.getAttribute('aria-invalid')).toBeNull();
  });

  it('rejects a bad timebox', async () => {
    const fake = await idlePopup();
    fireEvent.input(screen.getByTestId('next-action'), { target: { value: 'a' } });
    fireEvent.input(screen.getByTestId('success-condition'), { target: { value: 'b' } });
    fireEvent.input(screen.getByTestId('timebox'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('start-session'));
    expect(screen.getByTestId('timebox').getAttribute('aria-invalid')).toBe('true');
    expect(fake.sent('startSession')).toHaveLength(0);
  });

  it('adds chips on Enter and comma, validates them, and removes them', async () => {
    await idlePopup();
    const input = screen.getByTestId('allowed-list');
    fireEvent.input(input, { target: { value: 'a.test' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(entries('allowed-chips')).toEqual(['code', 'a.test']);
    // A pasted address of a mixed-use site becomes its part: here the repository's owner.
    fireEvent.input(input, { target: { value: 'https://www.GitHub.com/x/y,' } });
    expect(entries('allowed-chips')).toEqual(['code', 'a.test', 'github.com/x']);
    fireEvent.input(input, { target: { value: 'bad entry!' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/app name|site/);
    expect(entries('allowed-chips')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(entries('allowed-chips')).toEqual(['a.test', 'github.com/x']);
    expect(within(screen.getByTestId('allowed-chips')).getAllByTestId('chip')).toHaveLength(2);
  });

  it('starts a session with the commitment, lists and timebox (Enter submits)', async () => {
    const fake = await idlePopup();
    fireEvent.input(screen.getByTestId('next-action'), { target: { value: '  Write the parser tests ' } });
    fireEvent.input(screen.getByTestId('success-condition'), { target: { value: 'parser.test.ts passes' } });
    fireEvent.input(screen.getByTestId('timebox'), { target: { value: '25' } });
    fireEvent.keyDown(screen.getByTestId('success-condition'), { key: 'Enter' });
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input).toEqual({
      commitment: { nextAction: 'Write the parser tests', successCondition: 'parser.test.ts passes' },
      allowed: ['code'],
      blocked: ['youtube.com'],
      timeboxMinutes: 25,
    });
  });

  it('shows why Start failed', async () => {
    await idlePopup({
      startSession: (): Reply<'startSession'> => ({ ok: false, error: { kind: 'bad_request', message: 'a session is already running' } }),
    });
    fireEvent.input(screen.getByTestId('next-action'), { target: { value: 'a' } });
    fireEvent.input(screen.getByTestId('success-condition'), { target: { value: 'b' } });
    fireEvent.click(screen.getByTestId('start-session'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already running/);
  });
});

describe('popup: coach', () => {
  it('shows a spinner while it runs, then fills the fields (editable)', async () => {
    let answer!: (r: Reply<'coach'>) => void;
    const fake = await idlePopup({ coach: () => new Promise<Reply<'coach'>>((resolve) => (answer = resolve)) });
    fireEvent.input(screen.getByTestId('coach-intention'), { target: { value: 'parser tests' } });
    fireEvent.click(screen.getByTestId('coach'));
    await waitFor(() => expect(screen.getByTestId('coach').getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('status', { name: /thinking/ }).getAttribute('aria-label')).toBe('Coach is thinking');
    expect(fake.sent('coach')[0]).toEqual({ type: 'coach', intention: 'parser tests' });
    answer({ ok: true, value: { nextAction: 'Write parser tests', successCondition: 'they pass', allowed: ['Code', 'docs.rs'] } });
    await waitFor(() => expect((screen.getByTestId('next-action') as HTMLTextAreaElement).value).toBe('Write parser tests'));
    expect((screen.getByTestId('success-condition') as HTMLTextAreaElement).value).toBe('they pass');
    expect(entries('allowed-chips')).toEqual(['code', 'docs.rs']);
    // Coached: the coach's field gives its height back, and Coach again brings it.
    expect(screen.queryByTestId('coach')).toBeNull();
    fireEvent.click(screen.getByTestId('coach-again'));
    expect(screen.getByTestId('coach').hasAttribute('disabled')).toBe(false);
    fireEvent.input(screen.getByTestId('next-action'), { target: { value: 'Edited' } });
    expect((screen.getByTestId('next-action') as HTMLTextAreaElement).value).toBe('Edited');
  });

  it('says clearly when no backend is available, with the hint', async () => {
    await idlePopup({
      coach: (): Reply<'coach'> => ({
        ok: false,
        error: { kind: 'unavailable', message: 'No AI backend is available', hint: 'install the host — see Options' },
      }),
    });
    fireEvent.input(screen.getByTestId('coach-intention'), { target: { value: 'x' } });
    fireEvent.keyDown(screen.getByTestId('coach-intention'), { key: 'Enter' });
    const error = await screen.findByTestId('coach-error');
    expect(error.textContent).toBe('No AI backend is available — install the host — see Options');
  });

  it('asks for an intention before calling the coach', async () => {
    const fake = await idlePopup();
    fireEvent.click(screen.getByTestId('coach'));
    expect((await screen.findByTestId('coach-error')).textContent).toMatch(/roughly/);
    expect(fake.sent('coach')).toHaveLength(0);
  });
});
