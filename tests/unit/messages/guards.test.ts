// The zod-free checks of what the background sends: every real push passes, what is not one does not, nothing throws.
import { describe, expect, it } from 'vitest';
import { isReply, isStatePush, isToastPush } from '../../../shared/messages/guards';
import { StatePush, ToastPush } from '../../../shared/messages/pushes';
import { drifting, host, nudging, push, session, toastDrifting, toastNudging, toastPush } from '../../ui/fixtures';

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('zod-free checks of the pushes', () => {
  it('accept every push the background makes (each one valid for its zod schema)', () => {
    const states = [
      push({ phase: 'idle' }),
      push(),
      push({
        phase: 'paused',
        session: session({ pausedAt: 5, endsAt: 9 }),
        place: { source: 'os', title: 'vim', app: 'XTerm', why: { kind: 'allowed', entry: 'xterm' } },
      }),
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
    for (const raw of states) {
      expect(StatePush.safeParse(raw).success).toBe(true);
      expect(isStatePush(raw)).toBe(true);
    }
    for (const raw of [toastPush(), toastDrifting(), toastNudging('m')].map(json)) {
      expect(ToastPush.safeParse(raw).success).toBe(true);
      expect(isToastPush(raw)).toBe(true);
    }
  });

  it('reject what is not a push at all, or a push of the other kind', () => {
    const notState = [null, undefined, 'state', 7, [], [push()], { type: 'state' }, { type: 'state', view: {}, now: 1 }, toastPush()];
    for (const raw of [...notState, { ...push(), type: 'toast' }, { ...push(), now: '1' }]) expect(isStatePush(raw)).toBe(false);
    for (const raw of [null, push(), { type: 'toast' }, { type: 'toast', view: [] }, { type: 'toast', view: { banner: null } }]) {
      expect(isToastPush(raw)).toBe(false);
    }
  });

  it('never throw, whatever arrives', () => {
    const deep = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)) as unknown;
    expect(() => isStatePush({ ...push(), view: deep })).not.toThrow();
    expect(() => isToastPush({ type: 'toast', view: { banner: null, nudge: deep } })).not.toThrow();
    const trap = new Proxy({}, { get: () => 'state', has: () => true });
    expect(() => isStatePush(trap)).not.toThrow();
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
