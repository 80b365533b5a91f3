// Popup, idle: the Strict and Allowlist-only boxes, named in full, sent with Start and Save as template, filled by a template.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import type { Reply } from '../../../shared/messages/requests';
import type { Template } from '../../../shared/plan/plan-records';
import { fakeClient, renderWith } from '../fake-client';
import { push } from '../fixtures';

afterEach(cleanup);

const STRICT_NAME = 'Strict: block my blocked sites and slow down ending early';
const ALLOWLIST_NAME = 'Allowlist only: anything not on my allowed list is drift, no AI asked';

const STRICT_TEMPLATE: Template = {
  id: 't-1',
  name: 'No escape',
  nextAction: 'Write the parser tests',
  successCondition: 'all tests pass',
  involves: '',
  allowed: ['code'],
  blocked: ['videos.test'],
  timeboxMinutes: 50,
  rhythm: null,
  strict: true,
  allowlistOnly: true,
};

const RECENT = {
  nextAction: 'Fix the lexer',
  successCondition: 'lexer.test passes',
  involves: '',
  allowed: [],
  blocked: [],
  timeboxMinutes: null,
};

async function idlePopup(handlers = {}) {
  const fake = fakeClient({
    getSettings: () => ({ ok: true, value: { ...defaultSettings(), blocked: ['videos.test'] } }),
    getStartChoices: () => ({ ok: true, value: { templates: [STRICT_TEMPLATE], recent: [RECENT] } }),
    ...handlers,
  });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle' }));
  await screen.findByTestId('next-action');
  return fake;
}

function box(name: string): HTMLInputElement {
  return screen.getByRole('checkbox', { name }) as HTMLInputElement;
}

function fillCommitment() {
  fireEvent.input(screen.getByTestId('next-action'), { target: { value: 'Write tests' } });
  fireEvent.input(screen.getByTestId('success-condition'), { target: { value: 'They pass' } });
}

describe('popup: strict start', () => {
  it('names both boxes in full while showing them short, unchecked at first', async () => {
    await idlePopup();
    expect(box(STRICT_NAME)).toBe(screen.getByTestId('strict'));
    expect(box(ALLOWLIST_NAME)).toBe(screen.getByTestId('allowlist-only'));
    expect(screen.getByTestId('strict').closest('label')?.textContent).toBe('Strict');
    expect(box(STRICT_NAME).checked).toBe(false);
    expect(box(ALLOWLIST_NAME).checked).toBe(false);
  });

  it('an ordinary start sends neither; a strict one sends both', async () => {
    const fake = await idlePopup();
    fillCommitment();
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input).not.toHaveProperty('strict');
    expect(fake.sent('startSession')[0]!.input).not.toHaveProperty('allowlistOnly');
    fireEvent.click(box(STRICT_NAME));
    fireEvent.click(box(ALLOWLIST_NAME));
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(2));
    expect(fake.sent('startSession')[1]!.input).toMatchObject({ strict: true, allowlistOnly: true, blocked: ['videos.test'] });
  });

  it('shows the refusal in words when a strict session already runs elsewhere', async () => {
    await idlePopup({
      startSession: (): Reply<'startSession'> => ({ ok: false, error: { kind: 'bad_request', message: 'a strict session is running' } }),
    });
    fillCommitment();
    fireEvent.click(box(STRICT_NAME));
    fireEvent.click(screen.getByTestId('start-session'));
    expect((await screen.findByRole('alert')).textContent).toContain('a strict session is running');
  });

  it('Save as template keeps both boxes', async () => {
    const fake = await idlePopup({
      saveTemplate: (req: { template: Omit<Template, 'id'> }): Reply<'saveTemplate'> => ({
        ok: true,
        value: { ...STRICT_TEMPLATE, ...req.template, id: 't-2' } as Template,
      }),
    });
    fillCommitment();
    fireEvent.click(box(STRICT_NAME));
    fireEvent.click(screen.getByTestId('save-template'));
    fireEvent.input(await screen.findByTestId('template-name'), { target: { value: 'Strict one' } });
    fireEvent.click(screen.getByTestId('save-template'));
    await screen.findByTestId('template-saved');
    expect(fake.sent('saveTemplate')[0]!.template).toMatchObject({ name: 'Strict one', strict: true, allowlistOnly: false });
  });

  it('a template fills both boxes; a recent commitment clears them', async () => {
    await idlePopup();
    fireEvent.click(await screen.findByTestId('start-template'));
    expect(box(STRICT_NAME).checked).toBe(true);
    expect(box(ALLOWLIST_NAME).checked).toBe(true);
    fireEvent.change(screen.getByTestId('recent-commitments'), { target: { value: '0' } });
    expect(box(STRICT_NAME).checked).toBe(false);
    expect(box(ALLOWLIST_NAME).checked).toBe(false);
  });

  it('keeps no problems list while there are no problems to say', async () => {
    await idlePopup();
    fireEvent.click(box(STRICT_NAME));
    expect(screen.queryByTestId('strict-problems')).toBeNull();
  });

  it('says under the list what Strict cannot block, and starts nothing until it is fixed; an app entry is no problem', async () => {
    const fake = await idlePopup({
      getSettings: () => ({ ok: true, value: { ...defaultSettings(), blocked: ['videos.test', 'slack', 'foo bar.com'] } }),
    });
    await waitFor(() => expect(screen.getByTestId('blocked-chips').getAttribute('data-entries')).toContain('foo bar.com'));
    fillCommitment();
    expect(screen.queryByTestId('strict-problems')).toBeNull();
    fireEvent.click(box(STRICT_NAME));
    const problems = screen.getByTestId('strict-problems');
    expect(problems.textContent).toMatch(/^Foo bar\.com cannot be blocked/);
    expect(problems.querySelectorAll('li')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('start-session'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.sent('startSession')).toHaveLength(0);
    fireEvent.click(box(STRICT_NAME));
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
  });

  it('says plainly when private windows are not blocked: the setting off, or the browser not letting antidrift run there', async () => {
    await idlePopup();
    expect(screen.queryByTestId('strict-private')).toBeNull();
    fireEvent.click(box(STRICT_NAME));
    expect((await screen.findByTestId('strict-private')).textContent).toBe('Private windows are not blocked (Options → Privacy).');
    cleanup();

    const watched = { getSettings: () => ({ ok: true as const, value: { ...defaultSettings(), includeIncognito: true } }) };
    await idlePopup(watched);
    fireEvent.click(box(STRICT_NAME));
    expect((await screen.findByTestId('strict-private')).textContent).toMatch(
      /^Private windows are not blocked: antidrift may not run there/,
    );
    cleanup();

    const fake = fakeClient({ ...watched, getStartChoices: () => ({ ok: true, value: { templates: [], recent: [] } }) });
    fake.setPrivateWindowsAllowed(true);
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle' }));
    await screen.findByTestId('next-action');
    await waitFor(() => expect(fake.sent('getSettings')).toHaveLength(1));
    fireEvent.click(box(STRICT_NAME));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('strict-private')).toBeNull();
  });
});
