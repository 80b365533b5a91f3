// System notifications: the drift ones with their two answers, and the end-of-session review when no popup is open to ask it.
import { browser } from 'wxt/browser';
import type { ControllerEvent } from '../shared/core/controller';
import type { PendingReview, ReviewAnswer } from '../shared/history/records';
import type { NotificationRouter } from './notification-router';

export const NOTIFICATION_PREFIX = 'antidrift-drift-';
export const REVIEW_NOTIFICATION_PREFIX = 'antidrift-review-';

/** Buttons where the browser has them, and what a click on the notification itself does where it has none. */
type Answers = { buttons: [string, string]; clickHint: string };

export const DRIFT_ANSWERS: Answers = { buttons: ['Back to task', 'This is on task'], clickHint: 'Click to go back to your task.' };
const REVIEW_ANSWERS: Answers = { buttons: ['Yes', 'No'], clickHint: 'Click to answer in antidrift.' };

export async function notify(id: string, title: string, message: string, answers?: Answers): Promise<void> {
  const options = {
    type: 'basic' as const,
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
    priority: 1,
    ...(answers ? { buttons: answers.buttons.map((b) => ({ title: b })) } : {}),
  };
  try {
    await browser.notifications.create(id, options);
  } catch {
    // Firefox has no notification buttons: say it without them rather than not at all.
    const { buttons: _unused, ...plain } = options as typeof options & { buttons?: unknown };
    await browser.notifications.create(id, answers ? { ...plain, message: `${message}\n${answers.clickHint}` } : plain);
  }
}

/** Asks the review of a session that ended while no popup was open (a timebox, or End session in a page). */
export function notifyReview(review: PendingReview): Promise<void> {
  return notify(`${REVIEW_NOTIFICATION_PREFIX}${review.key}`, 'Session ended', `Did you meet: ${review.successCondition}?`, REVIEW_ANSWERS);
}

/** The popup, where the review has Partly and a note too; as a tab where the browser cannot open it from here. */
export async function openPopup(): Promise<void> {
  try {
    await browser.action.openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  }
}

export interface NotificationRouting {
  send(event: ControllerEvent): void;
  now(): number;
  review(key: string, answer: ReviewAnswer): void;
}

/**
 * The drift and review notifications' owners in the router: a drift one's buttons are Back to task / This is on task, a review's are
 * Yes / No. Clicking a drift notification itself is Back to task: in Firefox, which has no notification
 * buttons, it is the only answer one can give; clicking a review opens the popup (Partly, a note).
 */
export function ownDriftAndReviewNotifications(router: NotificationRouter, to: NotificationRouting): void {
  // A drift answer is given once: the notification goes with it (a review's is closed when the review settles).
  const answered = (id: string, event: ControllerEvent) => {
    to.send(event);
    void browser.notifications.clear(id);
  };
  router.own(NOTIFICATION_PREFIX, {
    clicked: (id) => answered(id, { type: 'backToTaskChosen', at: to.now() }),
    button: (id, index) => answered(id, { type: index === 0 ? 'backToTaskChosen' : 'onTaskChosen', at: to.now() }),
  });
  router.own(REVIEW_NOTIFICATION_PREFIX, {
    clicked: () => void openPopup().catch(() => {}),
    button: (id, index) => to.review(id.slice(REVIEW_NOTIFICATION_PREFIX.length), index === 0 ? 'yes' : 'no'),
  });
}
