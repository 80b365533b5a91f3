// Toolbar badge text, colour and tooltip for a surface view.
import type { SurfaceView } from './controller/surface-view';
import { formatClockTime } from '../util/clock-time';
import { STATUS_WORDS } from './vocabulary';

export interface Badge {
  text: string;
  color: string;
  title: string;
}

export function badgeFor(view: SurfaceView): Badge {
  const session = view.session;
  if (view.phase === 'idle' || !session) return { text: '', color: '#5f6368', title: 'antidrift — no focus session' };
  const task = session.commitment.nextAction;
  if (view.phase === 'paused') return { text: 'II', color: '#5f6368', title: `antidrift — paused: ${task}` };
  if (view.rhythm?.phase === 'break') {
    // Local time of day: the badge is painted in the person's browser, in their time zone.
    const until = new Date(view.rhythm.endsAt);
    const at = formatClockTime(until.getHours() * 60 + until.getMinutes());
    return { text: 'BRK', color: '#1a73e8', title: `antidrift — break until ${at}: ${task}` };
  }
  const { status, nudge, banner } = view;
  const detail = banner ? ` — ${banner.reason}` : nudge ? ` — heads up: ${nudge.message}` : '';
  const title = `antidrift — ${task}\nStatus: ${STATUS_WORDS[status]}${detail}`;
  switch (status) {
    case 'drifting':
      return { text: '!', color: '#d93025', title };
    case 'checking':
      return { text: '…', color: '#5f6368', title };
    case 'unknown':
      return { text: '–', color: '#5f6368', title };
    case 'ontask':
      return nudge ? { text: '?', color: '#f29900', title } : { text: 'ON', color: '#188038', title };
  }
}
