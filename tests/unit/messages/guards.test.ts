// The zod-free checks of the pushes agree with their zod schemas on real pushes and on every mutation of them.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { isReply, isStatePush, isToastPush } from '../../../shared/messages/guards';
import { compactShape } from '../../../shared/messages/compact-shape';
import { StatePush, ToastPush } from '../../../shared/messages/pushes';
import { conforms } from '../../../shared/messages/shape';
import { drifting, host, nudging, push, session, toastDrifting, toastNudging, toastPush } from '../../ui/fixtures';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const WRONG_VALUES: Json[] = [null, 'x', '', 0, -1, 1.5, 2 ** 60, true, [], {}, ['x'], { x: 1 }, 'A'.repeat(300)];

/** Every value reachable in `root`, each time replaced by a wrong one or (in objects) removed. */
function* mutations(root: Json): Generator<Json> {
  const clone = () => JSON.parse(JSON.stringify(root)) as Json;
  const paths: (string | number)[][] = [];
  const walk = (node: Json, path: (string | number)[]) => {
    if (path.length) paths.push(path);
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, i]));
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(root, []);
  for (const path of paths) {
    for (const wrong of [...WRONG_VALUES, undefined]) {
      const copy = clone();
      let parent = copy as Record<string | number, Json>;
      for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
      const last = path.at(-1)!;
      if (wrong === undefined) {
        if (Array.isArray(parent)) continue;
        delete parent[last];
      } else parent[last] = wrong;
      yield copy;
    }
  }
}

function agreement(schema: z.ZodType, check: (raw: unknown) => boolean, samples: Json[]) {
  let rejected = 0;
  let checked = 0;
  for (const sample of samples) {
    expect(schema.safeParse(sample).success, JSON.stringify(sample)).toBe(true);
    expect(check(sample), JSON.stringify(sample)).toBe(true);
    for (const mutant of mutations(sample)) {
      const zod = schema.safeParse(mutant).success;
      expect(check(mutant), `zod says ${zod} for ${JSON.stringify(mutant).slice(0, 400)}`).toBe(zod);
      checked++;
      if (!zod) rejected++;
    }
  }
  return { checked, rejected };
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

describe('zod-free checks of the pushes', () => {
  it('agree with zod on every state push and every mutation of one', () => {
    const samples = [
      push({ phase: 'idle' }),
      push(),
      push({ phase: 'paused', session: session({ pausedAt: 5, endsAt: 9 }), place: { source: 'os', title: 'vim', app: 'XTerm' } }),
      drifting(),
      drifting(2, 'r', true),
      nudging('Heads up: the lexer again'),
      push({
        host: host({
          connection: 'disconnected',
          activeBackend: null,
          chosenBackend: null,
          error: 'Native host has exited.',
          watcher: { state: 'running', kind: 'x11' },
          backends: [{ name: 'claude', available: true, path: '/bin/claude', version: '1', custom: false, problem: 'p' }],
        }),
      }),
    ].map(json);
    const { checked, rejected } = agreement(StatePush, isStatePush, samples);
    // The mutations must have had teeth: most of them break the push.
    expect(rejected).toBeGreaterThan(checked / 2);
    console.log(`state push: ${checked} mutations checked against zod, ${rejected} rejected by both`);
  });

  it('agree with zod on every toast push and every mutation of one', () => {
    const { checked, rejected } = agreement(ToastPush, isToastPush, [toastPush(), toastDrifting(), toastNudging('m')].map(json));
    expect(rejected).toBeGreaterThan(checked / 2);
  });

  it('reject what is not a push at all', () => {
    for (const raw of [null, undefined, 'state', 7, [], [push()], { type: 'state' }, toastPush(), { ...push(), type: 'toast' }]) {
      expect(isStatePush(raw)).toBe(StatePush.safeParse(raw).success);
      expect(isStatePush(raw)).toBe(false);
    }
    expect(isToastPush(push())).toBe(false);
  });

  it('do not recurse without bound on a hostile value', () => {
    const deep = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)) as unknown;
    expect(isStatePush({ ...push(), view: deep })).toBe(false);
    expect(isToastPush({ type: 'toast', view: { banner: null, nudge: deep } })).toBe(false);
  });
});

describe('compactShape', () => {
  it('refuses schemas the checker cannot express, so the build stops instead of checking less', () => {
    expect(() => compactShape(z.object({ byApp: z.record(z.string(), z.number()) }))).toThrow(/not supported/);
    expect(() => compactShape(z.object({ at: z.date() }))).toThrow();
    expect(() => compactShape(z.string().transform((s) => s.length))).toThrow();
  });

  it('keeps the bounds zod checks', () => {
    const shape = compactShape(
      z.object({
        name: z
          .string()
          .min(1)
          .max(3)
          .regex(/^[a-z]+$/),
        n: z.number().int().min(2),
      }),
    );
    for (const value of [
      { name: 'ab', n: 2 },
      { name: '', n: 2 },
      { name: 'abcd', n: 2 },
      { name: 'AB', n: 2 },
      { name: 'ab', n: 1 },
      { name: 'ab', n: 2.5 },
    ]) {
      expect(conforms(shape, value), JSON.stringify(value)).toBe(
        z
          .object({
            name: z
              .string()
              .min(1)
              .max(3)
              .regex(/^[a-z]+$/),
            n: z.number().int().min(2),
          })
          .safeParse(value).success,
      );
    }
  });
});

describe('isReply', () => {
  it.each([
    [{ ok: false, error: { kind: 'auth', message: 'not logged in' } }, 'coach', true],
    [{ ok: true, value: { version: 1 } }, 'getSettings', true],
    [{ ok: true, value: null }, 'pauseSession', true],
    [{ ok: true, value: push() }, 'getState', true],
    [{ ok: true, value: { type: 'state' } }, 'getState', false],
    [{ ok: true }, 'getSettings', false],
    [{ ok: 'yes' }, 'getSettings', false],
    [{ ok: false }, 'getSettings', false],
    [{ ok: false, error: { message: 1 } }, 'getSettings', false],
    [null, 'getSettings', false],
    [[{ ok: true, value: null }], 'getSettings', false],
  ] as const)('%j as a %s reply → %s', (reply, type, expected) => {
    expect(isReply(reply, type)).toBe(expected);
  });
});
