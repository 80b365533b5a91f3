// Wires the history: the recorder sees every transition; a pending review is asked by the popup or a notification.
import { browser } from 'wxt/browser';
import { localCalendar } from '../../locale/local-calendar';
import { loadPendingReview, savePendingReview } from './pending-review-store';
import { notifyReview, ownReviewNotifications, REVIEW_NOTIFICATION_PREFIX } from './review-notices';
import { timers, type Worker } from '../worker';
import { HistoryRecorder } from './history-recorder';

export function wireHistory(worker: Worker): HistoryRecorder {
  const history = new HistoryRecorder(
    {
      now: worker.now,
      openDb: worker.platform.openHistory,
      diagnostics: worker.diagnostics,
      loadPendingReview,
      savePendingReview,
      // The popup asks the review itself when it is open (or the next time it opens); otherwise a notification asks.
      onReviewPending: (review) => {
        if (!worker.ports.popupOpen()) void notifyReview(review).catch(worker.warn('the review notification failed'));
      },
      onReviewSettled: (key) => void browser.notifications.clear(`${REVIEW_NOTIFICATION_PREFIX}${key}`).catch(() => {}),
      calendar: localCalendar,
      ...timers,
    },
    () => {
      const { historyKeepTitles, historyRetentionDays } = worker.settings.current;
      return { keepTitles: historyKeepTitles, retentionDays: historyRetentionDays };
    },
  );
  worker.onTransition((before, after, event) => history.observe(before, after, event));
  worker.whenReady(() => history.start());
  ownReviewNotifications(worker.notifications, (key, answer) => void history.review(key, answer, ''));
  return history;
}
