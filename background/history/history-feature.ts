// The history, declared: its recorder wired into the worker, and its answers to the popup and the History page.
import { HISTORY_FEATURE } from '../../shared/history/history-feature';
import { defineFeature } from '../feature';
import type { HistoryRecorder } from './history-recorder';
import { wireHistory } from './wire-history';

export const historyFeature = defineFeature<typeof HISTORY_FEATURE, undefined, HistoryRecorder>(HISTORY_FEATURE, ({ worker }) => {
  const history = wireHistory(worker);
  return {
    offers: history,
    handlers: {
      getHistoryStatus: async () => {
        await history.ready;
        const [today, band] = await Promise.all([history.today().catch(() => null), history.band().catch(() => [])]);
        return { progress: history.progress(), pendingReview: history.pendingReview(), today, band };
      },
      reviewSession: async (req) => {
        await history.review(req.key, req.answer, req.note);
        return null;
      },
    },
  };
});
