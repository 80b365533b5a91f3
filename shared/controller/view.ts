// The state view the surfaces render (popup, toast, options, badge): derived, never stored.
import { z } from 'zod';
import { Commitment, DriftStatus, type ControllerState } from './model';

export const StateView = z.object({
  runtime: z.enum(['idle', 'active', 'paused']),
  session: z
    .object({
      id: z.number(),
      commitment: Commitment,
      allowed: z.array(z.string()),
      blocked: z.array(z.string()),
      startedAt: z.number(),
      endsAt: z.number().optional(),
      pausedAt: z.number().optional(),
      pausedTotalMs: z.number(),
    })
    .nullable(),
  drift: z.object({
    status: DriftStatus,
    reason: z.string().optional(),
    nudge: z.string().optional(),
    episode: z.number(),
    /** The person already answered this episode's banner (Back to task / Escape). */
    bannerDismissed: z.boolean(),
    current: z.object({ source: z.enum(['tab', 'os']), title: z.string(), app: z.string() }).nullable(),
  }),
});
export type StateView = z.infer<typeof StateView>;

export function toView(s: ControllerState): StateView {
  const d = s.drift;
  const session = s.session;
  const active = s.runtime !== 'idle';
  return {
    runtime: s.runtime,
    session: session
      ? {
          id: session.id,
          commitment: session.commitment,
          allowed: session.allowed,
          blocked: session.blocked,
          startedAt: session.startedAt,
          pausedTotalMs: session.pausedTotalMs,
          ...(session.endsAt !== undefined ? { endsAt: session.endsAt } : {}),
          ...(session.pausedAt !== undefined ? { pausedAt: session.pausedAt } : {}),
        }
      : null,
    drift: {
      status: d.status,
      episode: d.episode,
      bannerDismissed: d.dismissedEpisode === d.episode && d.episode > 0,
      current: active && d.current ? { source: d.current.source, title: d.current.title, app: d.current.app } : null,
      // A pause sets the drift aside: no banner while paused, it is back with the resume.
      ...(s.runtime === 'active' && d.status === 'drifting' && d.reason ? { reason: d.reason } : {}),
      // The nudge is a separate axis, shown only while on task (never alongside the hard banner).
      ...(s.runtime === 'active' && d.status === 'ontask' && d.nudgeMessage ? { nudge: d.nudgeMessage } : {}),
    },
  };
}
