// extractJSON: finding the first complete JSON object in a model's answer.
import { describe, expect, it } from 'vitest';
import { MAX_OBJECT_STARTS, searchJSONObject } from '../../../shared/ai/extract-json';
import { AIResponseError, NoJSONError, ParseError, extractJSON } from '../../../shared/ai';

describe('extractJSON', () => {
  const found: Array<[string, string, string]> = [
    ['a plain object', '{"drifting": true, "reason": "x"}', '{"drifting": true, "reason": "x"}'],
    ['prose before', 'Sure! Here it is: {"a": 1}', '{"a": 1}'],
    ['prose after', '{"a": 1}\nHope this helps.', '{"a": 1}'],
    ['prose on both sides', 'Answer:\n{"a": 1} — done.', '{"a": 1}'],
    ['a ```json fence', '```json\n{"on_track": false, "message": "m"}\n```', '{"on_track": false, "message": "m"}'],
    ['a bare ``` fence', '```\n{"a": 1}\n```', '{"a": 1}'],
    ['braces inside strings', '{"reason": "uses } and { in text"}', '{"reason": "uses } and { in text"}'],
    ['escaped quotes inside strings', '{"reason": "he said \\"}\\" loudly"}', '{"reason": "he said \\"}\\" loudly"}'],
    ['an escaped backslash before a closing quote', '{"path": "C:\\\\"} tail }', '{"path": "C:\\\\"}'],
    ['nested objects', 'x {"a": {"b": {"c": [1, {"d": 2}]}}} y', '{"a": {"b": {"c": [1, {"d": 2}]}}}'],
    ['two objects: the first wins', '{"first": 1} and {"second": 2}', '{"first": 1}'],
    ['prose braces before the object are skipped', 'use {curly} braces: {"a": 1}', '{"a": 1}'],
    ['an echoed template is skipped', '{"drifting": <true|false>} {"drifting": false}', '{"drifting": false}'],
    ['a valid object nested in a broken one', '{"broken": , "inner": {"a": 1}}', '{"a": 1}'],
    ['an unbalanced brace before the object', 'oops { then {"a": 1}', '{"a": 1}'],
    ['an empty object', 'here: {}', '{}'],
    ['unicode content', '{"message": "👩‍💻 مرحبا"}', '{"message": "👩‍💻 مرحبا"}'],
  ];
  it.each(found)('finds the object with %s', (_name, text, expected) => {
    expect(extractJSON(text)).toBe(expected);
    expect(() => JSON.parse(extractJSON(text))).not.toThrow();
  });

  const noObject: Array<[string, string]> = [
    ['empty text', ''],
    ['prose only', 'I think the person is on task.'],
    ['a truncated object', '{"drifting": true, "reason": "cut off'],
    ['only closing braces', '}}} nothing {'],
    ['a JSON array', '[1, 2, 3]'],
    ['a JSON string', '"just a string"'],
  ];
  it.each(noObject)('throws NoJSONError for %s', (_name, text) => {
    expect(() => extractJSON(text)).toThrow(NoJSONError);
    try {
      extractJSON(text);
    } catch (error) {
      expect(error).toBeInstanceOf(AIResponseError);
      expect((error as AIResponseError).kind).toBe('no_json');
    }
  });

  it('throws ParseError with the JSON.parse error as cause when braces balance but hold no JSON', () => {
    const text = 'result: {"drifting": true, "reason": "x",}';
    let caught: unknown;
    try {
      extractJSON(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ParseError);
    expect((caught as ParseError).kind).toBe('parse');
    expect((caught as ParseError).cause).toBeInstanceOf(SyntaxError);
  });

  it('reports the first malformed candidate when none parses', () => {
    const search = searchJSONObject('{not json} and {also not}');
    expect(search).toMatchObject({ found: 'malformed', candidate: '{not json}' });
  });

  it('returns the parsed value alongside the text', () => {
    expect(searchJSONObject('x {"a": [1]} y')).toEqual({ found: 'object', json: '{"a": [1]}', value: { a: [1] } });
  });

  it('bounds the work on hostile input and still finds an object among the first starts', () => {
    const manyOpen = '{'.repeat(200_000);
    const started = performance.now();
    expect(() => extractJSON(manyOpen)).toThrow(NoJSONError);
    expect(performance.now() - started).toBeLessThan(2_000);

    const afterFewBraces = '{x} '.repeat(MAX_OBJECT_STARTS - 1) + '{"a": 1}';
    expect(extractJSON(afterFewBraces)).toBe('{"a": 1}');
    const afterTooManyBraces = '{x} '.repeat(MAX_OBJECT_STARTS) + '{"a": 1}';
    expect(() => extractJSON(afterTooManyBraces)).toThrow(ParseError);
  });
});
