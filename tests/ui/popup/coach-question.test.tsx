// Popup: the coach's one question on what the work involves, the Involves field, and the session view that shows it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { MAX_INVOLVES_CHARS } from '../../../shared/core/core-limits';
import type { CoachSuggestion, Reply } from '../../../shared/messages/requests';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { fakeClient, renderWith } from '../fake-client';
import { push, session } from '../fixtures';

afterEach(cleanup);

const PLAN = { nextAction: 'Draft the Q3 review deck', successCondition: 'the deck is sent to Ana', allowed: ['docs.google.com'] };
const QUESTION = {
  ask: 'What does the review draw on?',
  answers: [
    { answer: "last quarter's sheet and the CRM", allowed: ['sheets.google.com', 'crm.example.com'] },
    { answer: 'the team’s notes in Notion', allowed: ['notion.so'] },
  ],
};

function entries(testId: string): string[] {
  return JSON.parse(screen.getByTestId(testId).getAttribute('data-entries') ?? 'null') as string[];
}
const field = (testId: string) => screen.getByTestId(testId) as HTMLTextAreaElement;

async function coached(value: CoachSuggestion) {
  const fake = fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: { ...defaultSettings(), allowed: ['code'], blocked: [] } }),
    coach: (): Reply<'coach'> => ({ ok: true, value }),
  });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle' }));
  await screen.findByTestId('next-action');
  await waitFor(() => expect(entries('allowed-chips')).toEqual(['code']));
  fireEvent.input(screen.getByTestId('coach-intention'), { target: { value: 'prepare the Q3 review' } });
  fireEvent.click(screen.getByTestId('coach'));
  if (value.question) await screen.findByTestId('coach-question');
  else await waitFor(() => expect(field('next-action').value).toBe(PLAN.nextAction));
  return fake;
}

describe('popup: the coach asks one question', () => {
  it('shows the question; an answer fills Involves and adds its sites, seen before Start; Start sends it', async () => {
    const fake = await coached({ ...PLAN, question: QUESTION });
    const card = screen.getByTestId('coach-question');
    expect(screen.getByTestId('coach-ask').textContent).toBe(QUESTION.ask);
    // A step of its own: what the coach suggested above its question, the form out of the way until it is answered.
    expect(screen.getByTestId('coach-plan').textContent).toBe(`${PLAN.nextAction}Done when: ${PLAN.successCondition}`);
    expect(screen.queryByTestId('start-session')).toBeNull();
    const answers = screen.getAllByTestId('coach-answer');
    expect(answers.map((a) => a.textContent)).toEqual([
      "last quarter's sheet and the CRM +sheets.google.com, crm.example.com",
      'the team’s notes in Notion +notion.so',
    ]);
    expect(card.tagName).toBe('FIELDSET');
    fireEvent.click(answers[0]!);
    expect(screen.queryByTestId('coach-question')).toBeNull();
    expect(field('involves').value).toBe("last quarter's sheet and the CRM");
    expect(entries('allowed-chips')).toEqual(['code', 'docs.google.com', 'sheets.google.com', 'crm.example.com']);
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input.commitment).toEqual({
      nextAction: PLAN.nextAction,
      successCondition: PLAN.successCondition,
      involves: "last quarter's sheet and the CRM",
    });
    // One question, never a second: it is gone for this coaching.
    expect(screen.queryByTestId('coach-question')).toBeNull();
  });

  it('takes the person’s own words instead, adding no site', async () => {
    await coached({ ...PLAN, question: QUESTION });
    expect(screen.getByTestId('coach-own-use').hasAttribute('disabled')).toBe(true);
    fireEvent.input(screen.getByTestId('coach-own-answer'), { target: { value: '  the board minutes ' } });
    fireEvent.keyDown(screen.getByTestId('coach-own-answer'), { key: 'Enter' });
    expect(field('involves').value).toBe('the board minutes');
    expect(entries('allowed-chips')).toEqual(['code', 'docs.google.com']);
    expect(screen.queryByTestId('coach-question')).toBeNull();
  });

  it('Skip keeps today’s flow: no Involves, Start sends the commitment without it', async () => {
    const fake = await coached({ ...PLAN, question: QUESTION });
    fireEvent.click(screen.getByTestId('coach-skip'));
    expect(screen.queryByTestId('coach-question')).toBeNull();
    expect(field('next-action').value).toBe(PLAN.nextAction);
    // Involves stays folded away until the person asks for it.
    expect(screen.queryByTestId('involves')).toBeNull();
    expect(screen.getByTestId('involves-add').textContent).toBe('+ What it involves');
    fireEvent.click(screen.getByTestId('start-session'));
    await waitFor(() => expect(fake.sent('startSession')).toHaveLength(1));
    expect(fake.sent('startSession')[0]!.input.commitment).toEqual({
      nextAction: PLAN.nextAction,
      successCondition: PLAN.successCondition,
    });
  });

  it('asks nothing when the coach had nothing to ask', async () => {
    await coached(PLAN);
    expect(screen.queryByTestId('coach-question')).toBeNull();
    expect(screen.queryByTestId('involves')).toBeNull();
  });

  it('refuses an Involves over its cap in words, and does not start', async () => {
    const fake = await coached(PLAN);
    fireEvent.click(screen.getByTestId('involves-add'));
    expect(screen.queryByTestId('involves-add')).toBeNull();
    fireEvent.input(field('involves'), { target: { value: 'x'.repeat(MAX_INVOLVES_CHARS + 1) } });
    fireEvent.click(screen.getByTestId('start-session'));
    const involves = field('involves');
    await waitFor(() => expect(involves.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(involves.getAttribute('aria-describedby')!)?.textContent).toBe(
      `Keep what it involves under ${MAX_INVOLVES_CHARS} characters.`,
    );
    expect(document.activeElement).toBe(involves);
    expect(fake.sent('startSession')).toHaveLength(0);
  });
});

describe('popup: a session with Involves', () => {
  it('shows what the work involves under the commitment; a session without it shows no line', async () => {
    const fake = fakeClient();
    renderWith(fake.client, <Popup />);
    const base = session();
    fake.push(push({ session: { ...base, commitment: { ...base.commitment, involves: 'the vitest docs' } } }));
    expect((await screen.findByTestId('commitment-involves')).textContent).toBe('Involves: the vitest docs');
    fake.push(push({ session: base }));
    await waitFor(() => expect(screen.queryByTestId('commitment-involves')).toBeNull());
  });
});
