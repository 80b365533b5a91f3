// The coach's one question on what the work involves: two to four answers to click, the person's own words, or Skip.
import { useState } from 'preact/hooks';
import type { CoachSuggestion } from '../../shared/messages/requests';
import { MAX_INVOLVES_CHARS } from '../../shared/core/limits';

export type CoachQuestion = NonNullable<CoachSuggestion['question']>;

/** What the person chose: the words that fill Involves, and the entries that join the allowed list (seen before Start). */
export interface CoachAnswered {
  involves: string;
  allowed: string[];
}

export function CoachQuestionCard({
  question,
  onAnswer,
  onSkip,
}: {
  question: CoachQuestion;
  onAnswer(answer: CoachAnswered): void;
  onSkip(): void;
}) {
  const [own, setOwn] = useState('');
  const takeOwnWords = () => {
    const words = own.trim();
    if (words) onAnswer({ involves: words.slice(0, MAX_INVOLVES_CHARS), allowed: [] });
  };
  return (
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
  );
}
