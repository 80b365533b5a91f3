// Popup: templates and recent commitments fill the form, Save as template, Today, and the place "Now" with its reason and band.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { placeReasonWords } from '../../../entrypoints/popup/place-line';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import type { Reply } from '../../../shared/messages/requests';
import type { Template } from '../../../shared/plan/plan-records';
import { fakeClient, renderWith } from '../fake-client';
import { push, T0 } from '../fixtures';

afterEach(cleanup);

const DEEP: Template = {
  id: 't-1',
  name: 'Deep work',
  nextAction: 'Write the parser tests',
  successCondition: 'all tests pass',
  involves: 'the vitest docs',
  allowed: ['code'],
  blocked: ['videos.test'],
  timeboxMinutes: 50,
  rhythm: null,
  strict: false,
  allowlistOnly: false,
};

const RECENT = {
  nextAction: 'Fix the lexer',
  successCondition: 'lexer.test passes',
  involves: '',
  allowed: ['docs.test'],
  blocked: [],
  timeboxMinutes: null,
};

function entries(testId: string): string[] {
  return JSON.parse(screen.getByTestId(testId).getAttribute('data-entries') ?? 'null') as string[];
}

function historyStatus(over: Partial<Extract<Reply<'getHistoryStatus'>, { ok: true }>['value']> = {}) {
  return (): Reply<'getHistoryStatus'> => ({ ok: true, value: { progress: null, pendingReview: null, today: null, band: [], ...over } });
}

async function idlePopup(handlers = {}) {
  const fake = fakeClient({
    getSettings: () => ({ ok: true, value: { ...defaultSettings(), allowed: ['default.test'] } }),
    getStartChoices: () => ({ ok: true, value: { templates: [DEEP], recent: [RECENT] } }),
    ...handlers,
  });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle' }));
  await screen.findByTestId('next-action');
  return fake;
}

describe('popup: start from a template or a recent commitment', () => {
  it('lists the templates, then the recent commitments; one click fills every field and starts nothing', async () => {
    const fake = await idlePopup();
    const template = await screen.findByTestId('start-template');
    expect(template.textContent).toBe('Deep work');
    expect(screen.getByTestId('recent-commitment').textContent).toBe('Fix the lexer');
    // Templates come first in the document.
    expect(template.compareDocumentPosition(screen.getByTestId('recent-commitments')) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    fireEvent.click(template);
    expect((screen.getByTestId('next-action') as HTMLTextAreaElement).value).toBe('Write the parser tests');
    expect((screen.getByTestId('success-condition') as HTMLTextAreaElement).value).toBe('all tests pass');
    expect((screen.getByTestId('involves') as HTMLTextAreaElement).value).toBe('the vitest docs');
    expect(entries('allowed-chips')).toEqual(['code']);
    expect(entries('blocked-chips')).toEqual(['videos.test']);
    expect((screen.getByTestId('timebox') as HTMLInputElement).value).toBe('50');
    expect(fake.sent('startSession')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('recent-commitments'), { target: { value: '0' } });
    expect((screen.getByTestId('next-action') as HTMLTextAreaElement).value).toBe('Fix the lexer');
    // The recent commitment said nothing of what it involves: the template's words do not linger, the field folds away.
    expect(screen.queryByTestId('involves')).toBeNull();
    expect(entries('allowed-chips')).toEqual(['docs.test']);
    expect((screen.getByTestId('timebox') as HTMLInputElement).value).toBe('');
    // Still editable, and Start sends what the form holds now.
    fireEvent.input(screen.getByTestId('next-action'), { target: { value: 'Fix the lexer, properly' } });
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input).toMatchObject({
      commitment: { nextAction: 'Fix the lexer, properly', successCondition: 'lexer.test passes' },
      allowed: ['docs.test'],
    });
  });

  it('Save as template asks for a name, sends the form, says it is saved and lists it', async () => {
    let templates: Template[] = [];
    const fake = await idlePopup({
      getStartChoices: () => ({ ok: true, value: { templates, recent: [] } }),
      saveTemplate: (req: { template: Omit<Template, 'id'> }): Reply<'saveTemplate'> => {
        const saved = { ...DEEP, ...req.template, id: 't-2' } as Template;
        templates = [saved];
        return { ok: true, value: saved };
      },
    });
    fireEvent.input(screen.getByTestId('next-action'), { target: { value: 'Plan the week' } });
    fireEvent.click(screen.getByTestId('involves-add'));
    fireEvent.input(screen.getByTestId('involves'), { target: { value: ' the team calendar ' } });
    fireEvent.input(screen.getByTestId('timebox'), { target: { value: '25' } });
    expect(screen.queryByTestId('template-name')).toBeNull();
    fireEvent.click(screen.getByTestId('save-template'));
    const name = await screen.findByTestId('template-name');
    // An empty name is refused here, in words, before anything is sent.
    fireEvent.click(screen.getByTestId('save-template'));
    expect(screen.getByTestId('template-error').textContent).toBe('Give the template a name.');
    fireEvent.input(name, { target: { value: 'Planning' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await screen.findByTestId('template-saved');
    expect(fake.sent('saveTemplate')[0]!.template).toMatchObject({
      name: 'Planning',
      nextAction: 'Plan the week',
      successCondition: '',
      involves: 'the team calendar',
      allowed: ['default.test'],
      timeboxMinutes: 25,
    });
    expect((await screen.findByTestId('start-template')).textContent).toBe('Planning');
    expect(fake.sent('startSession')).toHaveLength(0);
  });

  it('a refused name keeps the field open with the reason', async () => {
    await idlePopup({
      saveTemplate: (): Reply<'saveTemplate'> => ({
        ok: false,
        error: { kind: 'bad_request', message: 'a template is already called "Deep work"' },
      }),
    });
    fireEvent.click(screen.getByTestId('save-template'));
    fireEvent.input(await screen.findByTestId('template-name'), { target: { value: 'Deep work' } });
    fireEvent.click(screen.getByTestId('save-template'));
    expect((await screen.findByTestId('template-error')).textContent).toBe('A template is already called "Deep work".');
    // The field stays open with the name typed, marked invalid and described by the reason.
    const field = screen.getByTestId('template-name') as HTMLInputElement;
    expect(field.value).toBe('Deep work');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('template-error');
  });
});

describe('popup: today', () => {
  it('shows today’s focus and drift time and which reviews were met', async () => {
    await idlePopup({
      getHistoryStatus: historyStatus({
        today: {
          focusedMs: 80 * 60_000,
          driftMs: 12 * 60_000,
          sessions: 3,
          reviews: [
            { key: 'a', nextAction: 'Write the parser tests', answer: 'yes' },
            { key: 'b', nextAction: 'Fix the lexer', answer: 'no' },
          ],
          biggestPull: { place: 'videos.test', driftMs: 12 * 60_000 },
          blocks: [],
        },
      }),
    });
    expect((await screen.findByTestId('today-focused')).textContent).toBe('1 h 20 min');
    expect(screen.getByTestId('today-drifted').textContent).toBe('12 min');
    expect(screen.getByTestId('today-met').textContent).toBe('1 of 2 met');
    expect(screen.getByRole('list', { name: 'Reviews' }).textContent).toContain('Fix the lexer: not met');
    // Today stands where the title was; the title stays for screen readers.
    expect(screen.getByRole('heading', { name: 'Start a focus session' }).className).toBe('visually-hidden');
  });

  it('an empty day shows the form’s title instead', async () => {
    await idlePopup({ getHistoryStatus: historyStatus() });
    expect((await screen.findByRole('heading', { name: 'Start a focus session' })).className).toBe('title');
    expect(screen.queryByTestId('today')).toBeNull();
  });
});

describe('popup: now, during a session', () => {
  it('names the place and why it counts, with this session’s band so far', async () => {
    const fake = fakeClient({
      getHistoryStatus: historyStatus({
        band: [
          {
            key: 's1',
            session: 'k',
            kind: 'ontask',
            start: T0,
            end: T0 + 60_000,
            source: 'tab',
            place: 'docs.test',
            title: '',
            cause: null,
            reason: '',
          },
          {
            key: 's2',
            session: 'k',
            kind: 'drifting',
            start: T0 + 60_000,
            end: T0 + 90_000,
            source: 'tab',
            place: 'videos.test',
            title: '',
            cause: 'blocked',
            reason: '',
          },
        ],
      }),
    });
    renderWith(fake.client, <Popup />);
    fake.push(push({ place: { source: 'os', title: 'main.ts', app: 'code', why: { kind: 'allowed', entry: 'code' } } }));
    expect((await screen.findByTestId('place')).textContent).toBe('Now: code — on your allowed list (code)');
    await waitFor(() => expect(screen.getAllByTestId('segment')).toHaveLength(2));
    expect(screen.getAllByTestId('segment')[1]!.getAttribute('aria-label')).toMatch(/^drifting · videos\.test · /);
  });

  it('words every reason', () => {
    expect(placeReasonWords({ kind: 'blocked', entry: 'youtube.com' })).toBe('blocked (your blocked list: youtube.com)');
    expect(placeReasonWords({ kind: 'judged', drifting: false })).toBe('the AI judged it on task');
    expect(placeReasonWords({ kind: 'judged', drifting: true })).toBe('the AI judged it off task');
    expect(placeReasonWords({ kind: 'checking' })).toBe('the AI is checking it');
    expect(placeReasonWords({ kind: 'unjudged' })).toBe('not on a list, and no AI has judged it');
  });
});

describe('popup: a template with a rhythm', () => {
  it('fills the rhythm too, and Save as template keeps the rhythm chosen', async () => {
    const fake = await idlePopup({
      getStartChoices: () => ({ ok: true, value: { templates: [{ ...DEEP, rhythm: { workMinutes: 50, breakMinutes: 10 } }], recent: [] } }),
      saveTemplate: (req: { template: Omit<Template, 'id'> }): Reply<'saveTemplate'> => ({
        ok: true,
        value: { ...DEEP, ...req.template, id: 't-9' } as Template,
      }),
    });
    fireEvent.click(await screen.findByTestId('start-template'));
    fireEvent.click(screen.getByTestId('save-template'));
    fireEvent.input(await screen.findByTestId('template-name'), { target: { value: 'Deep work 2' } });
    fireEvent.click(screen.getByTestId('save-template'));
    await screen.findByTestId('template-saved');
    expect(fake.sent('saveTemplate')[0]!.template.rhythm).toEqual({ workMinutes: 50, breakMinutes: 10 });
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input.rhythm).toEqual({ workMinutes: 50, breakMinutes: 10 });
  });
});
