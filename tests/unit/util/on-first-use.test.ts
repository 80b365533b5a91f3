// A value built on first use stands for itself: zod schemas behind it are built only when touched, then parse, compose and infer as themselves.
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { onFirstUse } from '../../../shared/util/on-first-use';

describe('onFirstUse', () => {
  it('builds nothing until touched, then once', () => {
    let built = 0;
    const Inner = onFirstUse(() => {
      built++;
      return z.object({ a: z.number().int().min(1) });
    });
    const Outer = onFirstUse(() => z.object({ inner: Inner }));
    expect(built).toBe(0);
    expect(Outer.safeParse({ inner: { a: 2 } }).success).toBe(true);
    expect(Outer.safeParse({ inner: { a: 2 } }).success).toBe(true);
    expect(built).toBe(1);
  });

  it('is the schema it stands for: errors, instanceof, composition, keys', () => {
    const Entry = onFirstUse(() => z.object({ a: z.number().int().min(1, 'at least one') }));
    expect(Entry.safeParse({ a: 0 }).error?.issues[0]?.message).toBe('at least one');
    expect(Entry instanceof z.ZodObject).toBe(true);
    expect(Entry.extend({ b: z.string() }).parse({ a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
    const Tagged = z.discriminatedUnion('type', [z.object({ type: z.literal('x'), entry: Entry })]);
    expect(Tagged.safeParse({ type: 'x', entry: { a: 1 } }).success).toBe(true);
    expect(Object.keys(Entry.shape)).toEqual(['a']);
    expect('safeParse' in Entry).toBe(true);
  });
});
