// parseVerdict / parseNudge / parseCoach: strict parsing of untrusted model output.
import { describe, expect, it } from 'vitest';
import {
  AIResponseError,
  EmptyResponseError,
  InvalidCoachError,
  InvalidVerdictError,
  MAX_ALLOWED_ENTRIES,
  MAX_ALLOWED_ENTRY_CHARS,
  MAX_COACH_TEXT_CHARS,
  MAX_MESSAGE_CHARS,
  MAX_REASON_CHARS,
  NoJSONError,
  ParseError,
  parseCoach,
  parseNudge,
  parseVerdict,
} from '../../../shared/ai';

type ErrorClass = new (...args: never[]) => AIResponseError;

function thrownBy(run: () => unknown): AIResponseError {
  try {
    run();
  } catch (error) {
    if (error instanceof AIResponseError) return error;
    throw new Error(`expected an AIResponseError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the parser to throw');
}

const codePoints = (text: string) => Array.from(text).length;

/** Failures every role parser shares, with the error class and kind each must produce. */
const sharedFailures: Array<[string, string, ErrorClass, string]> = [
  ['empty output', '', EmptyResponseError, 'empty'],
  ['whitespace output', '  \n\t  ', EmptyResponseError, 'empty'],
  ['only a BOM and zero-width space', '\uFEFF\u200B', EmptyResponseError, 'empty'],
  ['output with no brace', 'I cannot tell.', NoJSONError, 'no_json'],
  ['a truncated object', '{"drifting": true, "on_track": false', NoJSONError, 'no_json'],
  ['malformed JSON', '{"drifting": true, "on_track": false,}', ParseError, 'parse'],
  ['single-quoted pseudo JSON', "{'drifting': true}", ParseError, 'parse'],
];

const parsers: Array<[string, (text: string) => unknown]> = [
  ['parseVerdict', parseVerdict],
  ['parseNudge', parseNudge],
  ['parseCoach', parseCoach],
];

describe.each(parsers)('%s shared error discipline', (_name, parse) => {
  it.each(sharedFailures)('%s → %s', (_case, text, errorClass, kind) => {
    const error = thrownBy(() => parse(text));
    expect(error).toBeInstanceOf(errorClass);
    expect(error.kind).toBe(kind);
  });

  it('wraps the JSON syntax error as cause of a ParseError', () => {
    const error = thrownBy(() => parse('answer: {"x": tru}'));
    expect(error).toBeInstanceOf(ParseError);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('keeps a short escaped excerpt of the raw output for diagnostics', () => {
    const error = thrownBy(() => parse(`nope\u0000${'x'.repeat(10_000)}`));
    expect(error.excerpt.startsWith('nope\\u0000')).toBe(true);
    expect(error.excerpt.length).toBeLessThan(260);
    // eslint-disable-next-line no-control-regex -- the excerpt must hold no control character
    expect(error.excerpt).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('parseVerdict', () => {
  const ok: Array<[string, string, { drifting: boolean; reason: string }]> = [
    [
      'drifting with a reason',
      '{"drifting": true, "reason": "YouTube is unrelated."}',
      { drifting: true, reason: 'YouTube is unrelated.' },
    ],
    ['on task with a reason', '{"drifting": false, "reason": "Docs for the parser."}', { drifting: false, reason: 'Docs for the parser.' }],
    ['on task with an empty reason', '{"drifting": false, "reason": ""}', { drifting: false, reason: '' }],
    ['on task without a reason', '{"drifting": false}', { drifting: false, reason: '' }],
    ['on task with a null reason', '{"drifting": false, "reason": null}', { drifting: false, reason: '' }],
    ['the reason trimmed', '{"drifting": true, "reason": "   Social media.  \\n"}', { drifting: true, reason: 'Social media.' }],
    [
      'JSON embedded in prose',
      'Verdict follows.\n```json\n{"drifting": true, "reason": "News site"}\n```\nThanks',
      { drifting: true, reason: 'News site' },
    ],
    ['extra keys ignored', '{"drifting": false, "reason": "ok", "confidence": 0.3, "drift": true}', { drifting: false, reason: 'ok' }],
    [
      'control and bidi characters stripped',
      '{"drifting": true, "reason": "\\u202eevil\\u202c\\u0007 site\\nhere"}',
      { drifting: true, reason: 'evil site here' },
    ],
  ];
  it.each(ok)('accepts %s', (_name, text, expected) => {
    expect(parseVerdict(text)).toEqual(expected);
  });

  const wrongTypes: Array<[string, string]> = [
    ['drifting as a string', '{"drifting": "true", "reason": "x"}'],
    ['drifting as a number', '{"drifting": 1, "reason": "x"}'],
    ['drifting missing', '{"reason": "x"}'],
    ['drifting null', '{"drifting": null, "reason": "x"}'],
    ['reason as a number', '{"drifting": true, "reason": 42}'],
    ['reason as an array', '{"drifting": true, "reason": ["a"]}'],
  ];
  it.each(wrongTypes)('rejects %s as a ParseError carrying the zod error', (_name, text) => {
    const error = thrownBy(() => parseVerdict(text));
    expect(error).toBeInstanceOf(ParseError);
    expect(error.role).toBe('judge');
    expect(error.cause).toBeDefined();
  });

  it.each([
    ['an empty reason', '{"drifting": true, "reason": ""}'],
    ['a whitespace reason', '{"drifting": true, "reason": "   "}'],
    ['a missing reason', '{"drifting": true}'],
    ['a reason of only invisible characters', '{"drifting": true, "reason": "\\u200b\\u202e\\u0000"}'],
  ])('rejects drifting with %s as InvalidVerdictError', (_name, text) => {
    const error = thrownBy(() => parseVerdict(text));
    expect(error).toBeInstanceOf(InvalidVerdictError);
    expect(error.kind).toBe('invalid');
  });

  it('caps a long reason with an ellipsis', () => {
    const { reason } = parseVerdict(JSON.stringify({ drifting: true, reason: 'word '.repeat(1000) }));
    expect(codePoints(reason)).toBeLessThanOrEqual(MAX_REASON_CHARS);
    expect(reason.endsWith('…')).toBe(true);
    expect(reason.startsWith('word word')).toBe(true);
  });
});

describe('parseNudge', () => {
  const ok: Array<[string, string, string]> = [
    ['on_track true → ""', '{"on_track": true, "message": ""}', ''],
    ['on_track true ignores a message', '{"on_track": true, "message": "All good, keep going."}', ''],
    [
      'on_track false + message → trimmed message',
      '{"on_track": false, "message": "  Looks like you are reading about Rust.  "}',
      'Looks like you are reading about Rust.',
    ],
    ['on_track false + empty message → ""', '{"on_track": false, "message": ""}', ''],
    ['on_track false + whitespace message → ""', '{"on_track": false, "message": " \\n "}', ''],
    ['on_track false + missing message → ""', '{"on_track": false}', ''],
    ['on_track false + null message → ""', '{"on_track": false, "message": null}', ''],
    [
      'JSON embedded in prose',
      'Here is my answer: {"on_track": false, "message": "Is the blog part of the tests?"} Let me know.',
      'Is the blog part of the tests?',
    ],
    ['extra keys ignored', '{"on_track": false, "message": "Heads up.", "confidence": "high"}', 'Heads up.'],
    ['control characters stripped', '{"on_track": false, "message": "Heads\\u0000 up\\u200b\\r\\nnow"}', 'Heads up now'],
  ];
  it.each(ok)('%s', (_name, text, expected) => {
    expect(parseNudge(text)).toBe(expected);
  });

  it.each([
    ['on_track as a string', '{"on_track": "false", "message": "x"}'],
    ['on_track missing', '{"message": "x"}'],
    ['message as a number', '{"on_track": false, "message": 3}'],
    ['message as an object', '{"on_track": false, "message": {"text": "x"}}'],
  ])('rejects %s as a ParseError', (_name, text) => {
    const error = thrownBy(() => parseNudge(text));
    expect(error).toBeInstanceOf(ParseError);
    expect(error.role).toBe('nudge');
  });

  it('caps a long message with an ellipsis', () => {
    const message = parseNudge(JSON.stringify({ on_track: false, message: '👀'.repeat(5000) }));
    expect(codePoints(message)).toBe(MAX_MESSAGE_CHARS);
    expect(message).toBe('👀'.repeat(MAX_MESSAGE_CHARS - 1) + '…');
  });
});

describe('parseCoach', () => {
  it('maps snake_case to camelCase and cleans the allowed list', () => {
    const text = JSON.stringify({
      next_action: '  Write the failing tests for the date parser ',
      success_condition: 'All tests in date-parser.test.ts pass\n',
      allowed: [' code ', 'github.com', '', '   ', 'GitHub.com', 'code', 'terminal', '\u202Edocs.rs'],
      extra: 'ignored',
    });
    expect(parseCoach(`Plan:\n\`\`\`json\n${text}\n\`\`\``)).toEqual({
      nextAction: 'Write the failing tests for the date parser',
      successCondition: 'All tests in date-parser.test.ts pass',
      allowed: ['code', 'github.com', 'terminal', 'docs.rs'],
    });
  });

  it('reads a missing or null allowed list as empty', () => {
    expect(parseCoach('{"next_action": "a", "success_condition": "b"}').allowed).toEqual([]);
    expect(parseCoach('{"next_action": "a", "success_condition": "b", "allowed": null}').allowed).toEqual([]);
  });

  it('caps the allowed list in count and drops over-long entries', () => {
    const allowed = [
      'x'.repeat(MAX_ALLOWED_ENTRY_CHARS + 1),
      'y'.repeat(MAX_ALLOWED_ENTRY_CHARS),
      ...Array.from({ length: 50 }, (_, i) => `site${i}.example`),
    ];
    const plan = parseCoach(JSON.stringify({ next_action: 'a', success_condition: 'b', allowed }));
    expect(plan.allowed).toHaveLength(MAX_ALLOWED_ENTRIES);
    expect(plan.allowed[0]).toBe('y'.repeat(MAX_ALLOWED_ENTRY_CHARS));
    expect(plan.allowed[1]).toBe('site0.example');
    expect(plan.allowed.every((entry) => codePoints(entry) <= MAX_ALLOWED_ENTRY_CHARS)).toBe(true);
  });

  it('caps long texts with an ellipsis', () => {
    const plan = parseCoach(JSON.stringify({ next_action: 'a'.repeat(5000), success_condition: 'b'.repeat(5000) }));
    expect(codePoints(plan.nextAction)).toBe(MAX_COACH_TEXT_CHARS);
    expect(plan.nextAction.endsWith('…')).toBe(true);
    expect(codePoints(plan.successCondition)).toBe(MAX_COACH_TEXT_CHARS);
  });

  it.each([
    ['an empty next_action', '{"next_action": "", "success_condition": "b"}', 'next_action'],
    ['a whitespace success_condition', '{"next_action": "a", "success_condition": "  \\t"}', 'success_condition'],
    ['an invisible next_action', '{"next_action": "\\u200b\\u202e", "success_condition": "b"}', 'next_action'],
  ])('rejects %s as InvalidCoachError', (_name, text, field) => {
    const error = thrownBy(() => parseCoach(text));
    expect(error).toBeInstanceOf(InvalidCoachError);
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain(field);
  });

  it.each([
    ['next_action missing', '{"success_condition": "b"}'],
    ['camelCase keys instead of snake_case', '{"nextAction": "a", "successCondition": "b"}'],
    ['next_action as a number', '{"next_action": 1, "success_condition": "b"}'],
    ['allowed as a string', '{"next_action": "a", "success_condition": "b", "allowed": "github.com"}'],
    ['allowed with a non-string entry', '{"next_action": "a", "success_condition": "b", "allowed": ["a", 2]}'],
  ])('rejects %s as a ParseError', (_name, text) => {
    const error = thrownBy(() => parseCoach(text));
    expect(error).toBeInstanceOf(ParseError);
    expect(error.role).toBe('coach');
  });
});
