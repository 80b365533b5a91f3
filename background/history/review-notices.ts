// The end-of-session review as a notification, when no popup is open to ask it: Yes / No, or a click that opens the popup.
import type { PendingReview, ReviewAnswer } from '../../shared/history/history-records';
import type { NotificationRouter } from '../notification-router';
import { notify, openPopup, type Answers } from '../notifications';

export const REVIEW_NOTIFICATION_PREFIX = 'antidrift-review-';

const REVIEW_ANSWERS: Answers = { buttons: ['Yes', 'No'], clickHint: 'Click to answer in antidrift.' };

/** Asks the review of a session that ended while no popup was open (a timebox, or End session in a page). */
export function notifyReview(review: PendingReview): Promise<void> {
  return notify(`${REVIEW_NOTIFICATION_PREFIX}${review.key}`, 'Session ended', `Did you meet: ${review.successCondition}?`, REVIEW_ANSWERS);
}

/** The review notifications' owner in the router: Yes / No answer it; a click opens the popup (Partly, a note). */
export function ownReviewNotifications(router: NotificationRouter, review: (key: string, answer: ReviewAnswer) => void): void {
  router.own(REVIEW_NOTIFICATION_PREFIX, {
    clicked: () => void openPopup().catch(() => {}),
    button: (id, index) => review(id.slice(REVIEW_NOTIFICATION_PREFIX.length), index === 0 ? 'yes' : 'no'),
  });
}
