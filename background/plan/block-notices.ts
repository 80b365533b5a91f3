// The schedule's notifications: a block that is due (Start / In 10 minutes), one that waits for a session, the day summary.
import { browser } from 'wxt/browser';
import { formatClockTime } from '../../shared/util/clock-time';
import { localParts } from '../../shared/plan/zoned-time';
import type { NotificationRouter } from '../notification-router';
import { notify, openPopup } from '../notifications';
import { EXTENSION_PAGES } from '../../shared/extension-pages';

export const BLOCK_NOTIFICATION_PREFIX = 'antidrift-block-';
export const SUMMARY_NOTIFICATION_PREFIX = 'antidrift-summary-';

const BLOCK_ANSWERS = {
  buttons: ['Start', 'In 10 minutes'] as [string, string],
  clickHint: 'Click to open antidrift: the block is offered there.',
};

export function blockNoticeId(key: string): string {
  return `${BLOCK_NOTIFICATION_PREFIX}${key}`;
}

/** "09:00 Deep work" is due (or waits until the running session ends: nothing to answer then, so no buttons). */
export function notifyBlockDue(notice: { key: string; label: string; waiting: boolean; end: number | null; zone: string }): Promise<void> {
  const until = notice.end === null ? '' : ` until ${clock(notice.end, notice.zone)}`;
  return notice.waiting
    ? notify(blockNoticeId(notice.key), notice.label, `This block waits until your current session ends (it runs${until}).`)
    : notify(blockNoticeId(notice.key), notice.label, `Time for this block${until}.`, BLOCK_ANSWERS);
}

export function clearBlockNotice(key: string): Promise<unknown> {
  return browser.notifications.clear(blockNoticeId(key));
}

export function notifyDaySummary(date: string, text: string): Promise<void> {
  return notify(`${SUMMARY_NOTIFICATION_PREFIX}${date}`, 'Your day', text);
}

function clock(at: number, zone: string): string {
  const p = localParts(at, zone);
  return formatClockTime(p.hour * 60 + p.minute);
}

export interface BlockAnswers {
  start(key: string): void;
  snooze(key: string): void;
}

/**
 * Buttons: Start, In 10 minutes. A click on the notification itself (Firefox has no buttons) opens the
 * popup, where the offer is with all three answers. Owned synchronously, with the other owners.
 */
export function routeBlockClicks(router: NotificationRouter, to: BlockAnswers): void {
  const keyOf = (id: string) => id.slice(BLOCK_NOTIFICATION_PREFIX.length);
  router.own(BLOCK_NOTIFICATION_PREFIX, {
    clicked: () => void openPopup().catch(() => {}),
    button: (id, index) => (index === 0 ? to.start(keyOf(id)) : to.snooze(keyOf(id))),
  });
  // The day's summary opens History, which opens on Today; it has no buttons.
  router.own(SUMMARY_NOTIFICATION_PREFIX, {
    clicked: () => void browser.tabs.create({ url: browser.runtime.getURL(EXTENSION_PAGES.history) }).catch(() => {}),
  });
}
