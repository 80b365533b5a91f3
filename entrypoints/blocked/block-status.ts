// Whether the site on the block page is blocked right now, and if not, why in words: read from the state the background pushes.
import type { SessionView, SurfaceView } from '../../shared/core/controller/surface-view';

export type BlockStatus = { blocked: true; session: SessionView } | { blocked: false; why: string };

/** Blocked while a strict session runs with the site on its list: not paused, not on a break, its timebox not over. */
export function blockStatus(view: SurfaceView, site: string, now: number): BlockStatus {
  const { session } = view;
  if (view.phase === 'idle' || !session) return { blocked: false, why: 'The session is over — this site is not blocked any more.' };
  if (session.endsAt !== undefined && session.endsAt <= now)
    return { blocked: false, why: 'The timebox is over — this site is not blocked any more.' };
  if (!session.strict) return { blocked: false, why: 'This session is not strict — this site is not blocked.' };
  if (!session.blocked.includes(site)) return { blocked: false, why: 'This site is not on the session’s blocked list any more.' };
  if (view.phase === 'paused') return { blocked: false, why: 'The session is paused — this site is not blocked while it is.' };
  if (view.rhythm?.phase === 'break') return { blocked: false, why: 'On a break — this site is not blocked until the break ends.' };
  return { blocked: true, session };
}

/** Where "Open <site>" goes: the site itself; a pattern other than `*.name` has no one address. */
export function siteAddress(site: string): string | undefined {
  const host = site.startsWith('*.') ? site.slice(2) : site;
  if (!host || host.includes('*') || /[\s/?#@]/.test(host)) return undefined;
  return `https://${host}/`;
}
