// A commitment's Involves: kept with the session, carried to the judge and the heads-up, shown, refused in words when too long.
import { describe, expect, it } from 'vitest';
import { SessionView, surfaceView } from '../../../../shared/core/controller';
import { MAX_INVOLVES_CHARS } from '../../../../shared/core/core-limits';
import { Harness, ofType } from './harness';

const COMMITMENT = { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' };

function startWith(involves: string | undefined): Harness {
  const h = new Harness();
  h.send({
    type: 'sessionStarted',
    at: h.now,
    input: { commitment: { ...COMMITMENT, ...(involves === undefined ? {} : { involves }) }, allowed: ['code'], blocked: [] },
  });
  return h;
}

describe('Involves', () => {
  it('is kept (trimmed) with the session and goes to the judge beside the one-line commitment', () => {
    const h = startWith('  the vitest docs, a lecture on Pratt parsing ');
    expect(h.state.phase).toBe('active');
    const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
    expect(judge?.commitment).toEqual({
      text: 'Write the parser tests — all tests in parser.test.ts pass',
      involves: 'the vitest docs, a lecture on Pratt parsing',
    });
  });

  it('goes to the heads-up too', () => {
    const h = startWith('the lexer is out of scope');
    h.observe('code', 'parser.ts');
    const [nudge] = ofType(h.observe('code', 'lexer.ts'), 'runNudge');
    expect(nudge?.commitment.involves).toBe('the lexer is out of scope');
  });

  it('absent or blank, the prompts get an empty involves (the prompt without it)', () => {
    for (const involves of [undefined, '   ']) {
      const h = startWith(involves);
      const [judge] = ofType(h.observe('news.test', 'Headlines'), 'runJudge');
      expect(judge?.commitment.involves).toBe('');
    }
  });

  it('survives the session view the surfaces read (its schema keeps it)', () => {
    const h = startWith('the vitest docs');
    const view = SessionView.parse(surfaceView(h.state).session);
    expect(view.commitment.involves).toBe('the vitest docs');
  });

  it('over its cap, the session does not start and the log says why in words', () => {
    const h = new Harness();
    const effects = h.send({
      type: 'sessionStarted',
      at: h.now,
      input: { commitment: { ...COMMITMENT, involves: 'x'.repeat(MAX_INVOLVES_CHARS + 1) }, allowed: [], blocked: [] },
    });
    expect(h.state.phase).toBe('idle');
    expect(ofType(effects, 'log')[0]?.message).toBe(`session not started: keep what it involves under ${MAX_INVOLVES_CHARS} characters`);
  });
});
