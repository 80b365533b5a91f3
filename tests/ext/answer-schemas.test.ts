// The answer schemas the built-in model is constrained by: only keywords every browser applies, every field required, and the parsers agree.
import { describe, expect, it } from 'vitest';
import {
  AI_ROLES,
  ANSWER_SCHEMAS,
  ANSWER_SCHEMA_KEYWORDS,
  parseCoach,
  parseConnectionTest,
  parseNudge,
  parseVerdict,
} from '../../shared/ai';

/** Every keyword a schema uses, at any depth (property names are names, not keywords). */
function keywordsOf(schema: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(node)) {
      found.add(key);
      if (key === 'properties') for (const child of Object.values(value as Record<string, Record<string, unknown>>)) walk(child);
      else if (key === 'items') walk(value as Record<string, unknown>);
    }
  };
  walk(schema);
  return found;
}

describe('the answer schemas', () => {
  it.each(AI_ROLES)('%s uses only type, properties, required, enum, items and additionalProperties: false', (role) => {
    const schema = ANSWER_SCHEMAS[role];
    expect([...keywordsOf(schema)].filter((k) => !(ANSWER_SCHEMA_KEYWORDS as readonly string[]).includes(k))).toEqual([]);
    expect(schema.additionalProperties).toBe(false);
    // A type is one word: a type array is what a stricter browser refuses.
    expect(JSON.stringify(schema)).not.toMatch(/"type":\[/);
  });

  it.each(AI_ROLES)('%s requires every field, so a constrained model cannot leave out the reason or the message', (role) => {
    const schema = ANSWER_SCHEMAS[role] as { properties: Record<string, unknown>; required: string[] };
    expect(schema.required.sort()).toEqual(Object.keys(schema.properties).sort());
  });

  it('an answer that fits the schemas is one the strict parsers accept', () => {
    expect(parseVerdict('{"drifting": true, "reason": "a video"}')).toEqual({ drifting: true, reason: 'a video' });
    expect(parseNudge('{"on_track": false, "message": "lexers, not parsers"}')).toBe('lexers, not parsers');
    expect(parseCoach('{"next_action": "a", "success_condition": "b", "allowed": ["code"]}')).toEqual({
      nextAction: 'a',
      successCondition: 'b',
      allowed: ['code'],
    });
    expect(parseConnectionTest('{"ok": true}')).toBe('{"ok": true}');
  });

  it('the parsers stay as strict as they were: drifting with an empty reason is still refused', () => {
    expect(() => parseVerdict('{"drifting": true, "reason": ""}')).toThrow(/drifting but gave no reason/);
  });
});
