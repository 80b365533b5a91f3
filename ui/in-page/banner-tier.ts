// Which toast tier to show for a toast push, given what the person answered in this page a moment ago.
import type { ToastView } from '../../shared/core/controller/surface-view';

export type ToastBanner = NonNullable<ToastView['banner']>;
export type ToastNudge = NonNullable<ToastView['nudge']>;

export type ToastTier = { tier: 'drift'; key: string; banner: ToastBanner } | { tier: 'nudge'; key: string; nudge: ToastNudge };

/**
 * The background decides what may show; the answers given here hide it at once, before the push
 * that confirms them arrives. The hard banner outranks the heads-up.
 */
export function pickTier(view: ToastView, answeredEpisode: number, dismissedLocally: string | null): ToastTier | null {
  const { banner, nudge } = view;
  if (banner && banner.episode !== answeredEpisode)
    return { tier: 'drift', key: `drift:${banner.episode}:${banner.reason}:${banner.task}`, banner };
  if (nudge && nudge.message !== dismissedLocally) return { tier: 'nudge', key: `nudge:${nudge.message}`, nudge };
  return null;
}
