// The connection test Options runs: a fixed prompt, and an answer that must be the JSON object it asks for.
import * as z from 'zod';
import { parseRoleObject } from './parse-object';
import { onFirstUse } from '../util/on-first-use';

export const CONNECTION_TEST_PROMPT = 'This is a connection test. Reply with exactly this JSON object and nothing else: {"ok": true}';

export const TestAnswer = onFirstUse(() => z.object({ ok: z.literal(true) }));

/**
 * The raw answer, once it is known to hold `{"ok": true}`: a backend that cannot follow this format
 * cannot follow the judge's either, so the test says so instead of reporting a success.
 */
export function parseConnectionTest(text: string): string {
  parseRoleObject(text, TestAnswer, 'test');
  return text;
}
