// Stored drift state: the current version reads back as is, version 1 is migrated, anything else is refused.
import { describe, expect, it } from 'vitest';
import { DRIFT_STATE_VERSION, DriftState, freshDrift, readDriftState } from '../../../../shared/core/controller';

const V1 = {
  version: 1,
  drift: {
    sessionId: 3,
    status: 'drifting',
    reason: 'news',
    episode: 4,
    dismissedEpisode: 3,
    driftGen: 9,
    nudgeEpoch: 7,
    pendingJudges: { 'news.test': { gen: 9, expiresAt: 100 } },
    current: null,
    nudgeMessage: 'advice',
  },
};

describe('readDriftState', () => {
  it('reads the current version back unchanged', () => {
    const drift = { ...freshDrift(3), driftEpisode: 2 };
    expect(readDriftState({ version: DRIFT_STATE_VERSION, drift })).toEqual({ ok: true, drift });
  });

  it('migrates version 1: counters renamed, the dismissed nudge taken from its old key', () => {
    const read = readDriftState(V1, 'advice');
    expect(read).toMatchObject({
      ok: true,
      migratedFrom: 1,
      drift: {
        driftEpisode: 4,
        answeredDriftEpisode: 3,
        judgeLaunches: 9,
        onTaskStretch: 7,
        pendingJudges: { 'news.test': { launch: 9, expiresAt: 100 } },
        nudgeMessage: 'advice',
        dismissedNudge: 'advice',
      },
    });
    expect(JSON.stringify(read)).not.toMatch(/"(episode|dismissedEpisode|driftGen|nudgeEpoch|gen)"/);
  });

  it('an unreadable old dismissal loses only the dismissal', () => {
    expect(readDriftState(V1, 'x'.repeat(5_000))).toMatchObject({ ok: true, drift: { dismissedNudge: null, driftEpisode: 4 } });
    expect(readDriftState(V1, 42)).toMatchObject({ ok: true, drift: { dismissedNudge: null } });
  });

  it.each([
    ['a future version', { version: 3, drift: freshDrift() }],
    ['an unknown status', { version: DRIFT_STATE_VERSION, drift: { ...freshDrift(), status: 'panicking' } }],
    ['a version 1 record with a bad counter', { version: 1, drift: { ...V1.drift, episode: -1 } }],
    ['not a record', 'drift'],
  ])('refuses %s with a reason', (_what, raw) => {
    const read = readDriftState(raw);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.length).toBeGreaterThan(0);
  });
});

describe('a fresh drift state', () => {
  it('is what the schema makes of its three given fields: every other field at its default', () => {
    const current = { source: 'tab' as const, title: 'Parser guide', app: 'docs.test', at: 5 };
    expect(freshDrift()).toEqual(DriftState.parse({ sessionId: 0, status: 'unknown', current: null, onTaskStretch: 0 }));
    expect(freshDrift(4, current, 2)).toEqual(DriftState.parse({ sessionId: 4, status: 'unknown', current, onTaskStretch: 2 }));
  });
});
