// Toolbar badge text, colour and tooltip for a state view.
import type { StateView } from './controller/view';

export interface Badge {
  text: string;
  color: string;
  title: string;
}

/** The drift status in words, shared by the tooltip, the popup and the options page. */
export const STATUS_WORDS = {
  ontask: 'on task',
  checking: 'checking…',
  drifting: 'drifting',
  unknown: 'not sure (no AI verdict)',
} as const;

export function badgeFor(view: StateView): Badge {
  const session = view.session;
  if (view.runtime === 'idle' || !session) return { text: '', color: '#5f6368', title: 'antidrift — no focus session' };
  const task = session.commitment.nextAction;
  if (view.runtime === 'paused') return { text: 'II', color: '#5f6368', title: `antidrift — paused: ${task}` };
  const { status, nudge, reason } = view.drift;
  const detail = status === 'drifting' && reason ? ` — ${reason}` : status === 'ontask' && nudge ? ` — heads up: ${nudge}` : '';
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
