// The coach's one question on what the work involves, a step of the start form: two to four answers, own words, or Skip.
import { useState } from 'preact/hooks';
import type { CoachSuggestion } from '../../shared/messages/requests';
import { MAX_INVOLVES_CHARS } from '../../shared/core/core-limits';

export type CoachQuestion = NonNullable<CoachSuggestion['question']>;

/** What the person chose: the words that fill Involves, and the entries that join the allowed list (seen before Start). */
export interface CoachAnswered {
  involves: string;
  allowed: string[];
}

export function CoachQuestionCard({
  question,
  plan,
  onAnswer,
  onSkip,
}: {
  question: CoachQuestion;
  /** What the coach suggested, shown above its question: the answer is about this work. */
  plan: { nextAction: string; successCondition: string };
  onAnswer(answer: CoachAnswered): void;
  onSkip(): void;
}) {
  const [own, setOwn] = useState('');
  const takeOwnWords = () => {
    const words = own.trim();
    if (words) onAnswer({ involves: words.slice(0, MAX_INVOLVES_CHARS), allowed: [] });
  };
  return (
    <section class="stack coach-step" aria-labelledby="coach-step-title">
      <h1 id="coach-step-title" class="title">
        One question from Coach
      </h1>
      <p class="coach-plan" data-testid="coach-plan">
        <span>{plan.nextAction}</span>
        <span class="muted">Done when: {plan.successCondition}</span>
      </p>
      <fieldset class="coach-question" data-testid="coach-question">
        <legend data-testid="coach-ask">{question.ask}</legend>
        <div class="answers">
          {question.answers.map((a) => (
            <button
              type="button"
              key={a.answer}
              class="choice"
              data-testid="coach-answer"
              onClick={() => onAnswer({ involves: a.answer, allowed: a.allowed })}
            >
              {a.answer}
              {a.allowed.length ? <span class="adds"> +{a.allowed.join(', ')}</span> : null}
            </button>
          ))}
        </div>
        <div class="row">
          <input
            type="text"
            aria-label="Or in your own words"
            placeholder="Or in your own words"
            data-testid="coach-own-answer"
            value={own}
            maxLength={MAX_INVOLVES_CHARS}
            onInput={(e) => setOwn(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                takeOwnWords();
              }
            }}
          />
          <button type="button" data-testid="coach-own-use" onClick={takeOwnWords} disabled={!own.trim()}>
            Use
          </button>
          <button type="button" class="link" data-testid="coach-skip" onClick={onSkip}>
            Skip
          </button>
        </div>
      </fieldset>
    </section>
  );
}
