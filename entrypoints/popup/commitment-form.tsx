// The idle popup: the commitment form (templates and recent commitments, Coach), lists prefilled from settings, timebox, Start.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { commitmentProblem, involvesProblem } from '../../shared/core/commitment';
import { MAX_TIMEBOX_MINUTES } from '../../shared/core/core-limits';
import { normalizeList } from '../../shared/core/list-entry';
import { ChipsEditor } from '../../ui/components/chips-editor';
import { ShortCheck } from '../../ui/components/short-check';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { ALLOWLIST_ONLY_WORDS, STRICT_WORDS } from '../../ui/strict-words';
import { CoachField, type Suggestion } from './coach-field';
import { CommitmentField } from './commitment-field';
import { CoachQuestionCard, type CoachAnswered, type CoachQuestion } from './coach-question';
import { SaveTemplate } from './save-template';
import { StartChoices, useStartChoices, type FormFilling } from './start-choices';
import { RhythmField, useRhythmField } from './rhythm-field';
import { privateWindowsLine, StrictPrivateWindows, StrictProblems } from './strict-problems';
import { strictListProblems } from '../../shared/strict/start-problems';

type Errors = { nextAction?: string; successCondition?: string; involves?: string; timebox?: string };

function validate(nextAction: string, successCondition: string, involves: string, timebox: string): Errors {
  const errors: Errors = {};
  const next = commitmentProblem('nextAction', nextAction);
  const success = commitmentProblem('successCondition', successCondition);
  const involved = involvesProblem(involves);
  if (next) errors.nextAction = next;
  if (success) errors.successCondition = success;
  if (involved) errors.involves = involved;
  if (timebox.trim()) {
    const minutes = Number(timebox);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TIMEBOX_MINUTES)
      errors.timebox = `whole minutes, 1 to ${MAX_TIMEBOX_MINUTES}`;
  }
  return errors;
}

/** `today`: what the day holds so far, shown in the title's place (the title stays, for screen readers). */
/** `coach`: false while a scheduled block is offered above the form (the popup holds one or the other). */
export function CommitmentForm({ today, coach = true }: { today?: ComponentChildren; coach?: boolean }) {
  const client = useClient();
  const [nextAction, setNextAction] = useState('');
  const [successCondition, setSuccessCondition] = useState('');
  const [involves, setInvolves] = useState('');
  /** Involves is asked for on demand: shown once the person opens it or something fills it. */
  const [involvesOpen, setInvolvesOpen] = useState(false);
  const showInvolves = involvesOpen || involves !== '';
  /** Coached: the form holds its suggestion, and the coach's field gives its height back (Coach again brings it). */
  const [coached, setCoached] = useState(false);
  /** The coach's one question, until it is answered or skipped (a new coaching or a filling replaces it). */
  const [question, setQuestion] = useState<CoachQuestion | null>(null);
  const [allowed, setAllowed] = useState<string[]>([]);
  const [blocked, setBlocked] = useState<string[]>([]);
  const [timebox, setTimebox] = useState('');
  const rhythm = useRhythmField();
  const [strict, setStrict] = useState(false);
  /** Why private windows are not blocked, in words; null when they are, or until that is known. */
  const [privateWindows, setPrivateWindows] = useState<string | null>(null);
  const [allowlistOnly, setAllowlistOnly] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState('');
  const listsTouched = useRef(false);
  const nextRef = useRef<HTMLTextAreaElement>(null);
  const successRef = useRef<HTMLTextAreaElement>(null);
  const involvesRef = useRef<HTMLTextAreaElement>(null);
  const timeboxRef = useRef<HTMLInputElement>(null);
  const [choicesVersion, setChoicesVersion] = useState(0);
  const choices = useStartChoices(choicesVersion);

  useEffect(() => {
    void client.request({ type: 'getSettings' }).then(async (reply) => {
      if (!reply.ok) return;
      if (!listsTouched.current) {
        setAllowed(reply.value.allowed);
        setBlocked(reply.value.blocked);
      }
      const watched = reply.value.includeIncognito;
      setPrivateWindows(privateWindowsLine(watched, watched && (await client.privateWindowsAllowed())));
    });
  }, [client]);

  const errors = showErrors ? validate(nextAction, successCondition, involves, timebox) : {};

  const applySuggestion = (s: Suggestion) => {
    setNextAction(s.nextAction);
    setSuccessCondition(s.successCondition);
    listsTouched.current = true;
    setAllowed((prev) => normalizeList([...prev, ...s.allowed]));
    setQuestion(s.question ?? null);
    setCoached(true);
  };

  /** The answer fills Involves; its sites join the allowed list, where the person sees them before Start. */
  const answerQuestion = (a: CoachAnswered) => {
    setInvolves(a.involves);
    listsTouched.current = true;
    setAllowed((prev) => normalizeList([...prev, ...a.allowed]));
    setQuestion(null);
  };

  /** A template or a recent commitment fills the whole form; nothing starts until Start. */
  const fill = (f: FormFilling) => {
    setNextAction(f.nextAction);
    setSuccessCondition(f.successCondition);
    setInvolves(f.involves ?? '');
    setQuestion(null);
    listsTouched.current = true;
    setAllowed([...f.allowed]);
    setBlocked([...f.blocked]);
    setTimebox(f.timeboxMinutes === null ? '' : String(f.timeboxMinutes));
    // A recent commitment has no rhythm of its own: the one chosen stays.
    if (f.rhythm !== undefined) rhythm.onChange(f.rhythm);
    // A template says how strict it is; a recent commitment does not, so it starts as an ordinary session.
    setStrict(f.strict ?? false);
    setAllowlistOnly(f.allowlistOnly ?? false);
    setShowErrors(false);
    nextRef.current?.focus();
  };

  const asTemplate = () => {
    const minutes = Number(timebox);
    return {
      nextAction: nextAction.trim(),
      successCondition: successCondition.trim(),
      involves: involves.trim(),
      allowed,
      blocked,
      timeboxMinutes: timebox.trim() && Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_TIMEBOX_MINUTES ? minutes : null,
      rhythm: rhythm.problem() ? null : rhythm.value,
      strict,
      allowlistOnly,
    };
  };

  const strictProblems = strict ? strictListProblems(blocked) : [];

  const submit = async (event: Event) => {
    event.preventDefault();
    const found = validate(nextAction, successCondition, involves, timebox);
    setShowErrors(true);
    if (found.nextAction) return nextRef.current?.focus();
    if (found.successCondition) return successRef.current?.focus();
    if (found.involves) {
      setInvolvesOpen(true);
      return involvesRef.current?.focus();
    }
    if (found.timebox) return timeboxRef.current?.focus();
    if (rhythm.problem()) return rhythm.focus();
    // What Strict cannot block is already said under the list; the background would refuse it in the same words.
    if (strictProblems.length > 0) return;
    setStarting(true);
    setStartError('');
    const reply = await client.request({
      type: 'startSession',
      input: {
        commitment: {
          nextAction: nextAction.trim(),
          successCondition: successCondition.trim(),
          ...(involves.trim() ? { involves: involves.trim() } : {}),
        },
        allowed,
        blocked,
        ...(timebox.trim() ? { timeboxMinutes: Number(timebox) } : {}),
        ...(rhythm.value ? { rhythm: rhythm.value } : {}),
        ...(strict ? { strict } : {}),
        ...(allowlistOnly ? { allowlistOnly } : {}),
      },
    });
    setStarting(false);
    if (!reply.ok) setStartError(replyError(reply));
  };

  const editLists = (set: (v: string[]) => void) => (v: string[]) => {
    listsTouched.current = true;
    set(v);
  };

  // The coach's question is a step of its own: the popup has no height for it beside the whole form.
  if (question)
    return (
      <CoachQuestionCard
        question={question}
        plan={{ nextAction, successCondition }}
        onAnswer={answerQuestion}
        onSkip={() => setQuestion(null)}
      />
    );

  return (
    <form class="stack" onSubmit={submit} noValidate aria-labelledby="form-title">
      <h1 id="form-title" class={today ? 'visually-hidden' : 'title'}>
        Start a focus session
      </h1>
      {today}
      <StartChoices choices={choices} onChoose={fill} />
      {coach && !coached ? <CoachField onSuggestion={applySuggestion} /> : null}
      <CommitmentField
        id="next-action"
        label="Next action"
        fieldRef={nextRef}
        value={nextAction}
        placeholder="Write the parser tests"
        error={errors.nextAction}
        onInput={setNextAction}
        aside={
          coach && coached ? (
            <button type="button" class="link small" data-testid="coach-again" onClick={() => setCoached(false)}>
              Coach again
            </button>
          ) : null
        }
      />
      <CommitmentField
        id="success-condition"
        label="Done when"
        fieldRef={successRef}
        value={successCondition}
        placeholder="All tests in parser.test.ts pass"
        error={errors.successCondition}
        onInput={setSuccessCondition}
        aside={
          showInvolves ? null : (
            <button
              type="button"
              class="link small"
              data-testid="involves-add"
              onClick={() => {
                setInvolvesOpen(true);
                // After the field renders.
                setTimeout(() => involvesRef.current?.focus(), 0);
              }}
            >
              + What it involves
            </button>
          )
        }
      />
      {showInvolves ? (
        <CommitmentField
          id="involves"
          label="Involves"
          compact
          fieldRef={involvesRef}
          value={involves}
          placeholder="optional: the vitest docs, the CRM"
          error={errors.involves}
          onInput={setInvolves}
        />
      ) : null}
      <ChipsEditor
        id="allowed-input"
        label="Allowed apps and sites"
        entries={allowed}
        onChange={editLists(setAllowed)}
        inputTestId="allowed-list"
        wrapperTestId="allowed-chips"
        placeholder="code, github.com — Enter to add"
        aside={<ShortCheck words={ALLOWLIST_ONLY_WORDS} testId="allowlist-only" checked={allowlistOnly} onChange={setAllowlistOnly} />}
      />
      <ChipsEditor
        id="blocked-input"
        label="Blocked apps and sites"
        entries={blocked}
        onChange={editLists(setBlocked)}
        inputTestId="blocked-list"
        wrapperTestId="blocked-chips"
        placeholder="youtube.com — Enter to add"
        aside={<ShortCheck words={STRICT_WORDS} testId="strict" checked={strict} onChange={setStrict} />}
      />
      {strict ? <StrictProblems problems={strictProblems} /> : null}
      {strict ? <StrictPrivateWindows line={privateWindows} /> : null}
      <div class="field inline">
        <label for="timebox">Timebox (min, optional)</label>
        <input
          id="timebox"
          ref={timeboxRef}
          type="number"
          min={1}
          max={MAX_TIMEBOX_MINUTES}
          step={1}
          inputMode="numeric"
          data-testid="timebox"
          value={timebox}
          aria-invalid={errors.timebox ? 'true' : undefined}
          aria-describedby={errors.timebox ? 'timebox-error' : undefined}
          onInput={(e) => setTimebox(e.currentTarget.value)}
        />
      </div>
      {errors.timebox ? (
        <p class="error" id="timebox-error">
          Timebox: {errors.timebox}.
        </p>
      ) : null}
      <RhythmField field={rhythm} showErrors={showErrors} />
      {startError ? (
        <p class="error" role="alert">
          Could not start: {startError}
        </p>
      ) : null}
      <SaveTemplate current={asTemplate} onSaved={() => setChoicesVersion((n) => n + 1)}>
        <button type="submit" class="primary" data-testid="start-session" disabled={starting}>
          {starting ? 'Starting…' : 'Start session'}
        </button>
      </SaveTemplate>
    </form>
  );
}
