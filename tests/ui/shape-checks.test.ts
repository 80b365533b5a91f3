// The surfaces' zod-free shape checks agree with the zod schemas on real pushes and reject broken ones.
import { describe, expect, it } from 'vitest';
import { isReply, isStatePush } from '../../lib/shape-checks';
import { Reply, StatePush } from '../../shared/messages';
import { drifting, nudging, push } from './fixtures';

const pushes = () => [
  push({ runtime: 'idle' }),
  push(),
  push({ runtime: 'paused', drift: { current: { source: 'os', title: 'vim', app: 'XTerm' } } }),
  drifting(),
  nudging('Heads up: the lexer again', 'older advice'),
];

describe('shape checks', () => {
  it('accept every push the zod schema accepts', () => {
    for (const push of pushes()) {
      expect(StatePush.safeParse(push).success).toBe(true);
      expect(isStatePush(push)).toBe(true);
      expect(isReply({ ok: true, state: push })).toBe(true);
    }
  });

  const broken: Array<[string, (p: Record<string, any>) => void]> = [
    ['wrong type', (p) => (p.type = 'status')],
    ['no view', (p) => delete p.view],
    ['unknown runtime', (p) => (p.view.runtime = 'sleeping')],
    ['unknown status', (p) => (p.view.drift.status = 'lost')],
    ['episode as text', (p) => (p.view.drift.episode = '1')],
    ['reason as number', (p) => (p.view.drift.reason = 5)],
    ['session without commitment', (p) => (p.view.session = { startedAt: 1 })],
    ['host missing', (p) => delete p.host],
    ['unknown connection', (p) => (p.host.connection = 'maybe')],
    ['dismissed nudge as object', (p) => (p.dismissedNudge = {})],
    ['no clock', (p) => delete p.now],
  ];
  it.each(broken)('reject a push with %s (as zod does)', (_label, breakIt) => {
    const push = JSON.parse(JSON.stringify(drifting())) as Record<string, any>;
    breakIt(push);
    expect(StatePush.safeParse(push).success).toBe(false);
    expect(isStatePush(push)).toBe(false);
  });

  it.each([
    [{ ok: false, error: { kind: 'auth', message: 'not logged in' } }, true],
    [{ ok: true, settings: {} }, true],
    [{ ok: 'yes' }, false],
    [{ ok: false }, false],
    [{ ok: false, error: { message: 1 } }, false],
    [null, false],
    [[{ ok: true }], false],
  ])('reply %j → %s', (reply, expected) => {
    expect(isReply(reply)).toBe(expected);
    if (!expected) expect(Reply.safeParse(reply).success).toBe(false);
  });
});
