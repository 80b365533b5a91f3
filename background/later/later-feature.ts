// Save for later, declared: the Later list wired into the worker, its requests, and the block page's Save for later.
import { LATER_FEATURE } from '../../shared/later/later-feature';
import { defineFeature } from '../feature';
import { refuseRequest } from '../request-failed';
import { wireLater, type Later } from './wire-later';

export const laterFeature = defineFeature<typeof LATER_FEATURE, undefined, Later>(LATER_FEATURE, ({ worker, backFromBlockPage }) => {
  const later = wireLater(worker);
  return {
    offers: later,
    handlers: {
      getLater: () => later.list(),
      removeLater: (req) => later.remove(req.ids),
      openLater: (req) => later.open(req.ids, req.oneWindow),
      clearLater: () => later.clear(),
      blockPageSaveForLater: async (req, sender) => {
        const problem = await later.saveBlocked(req.url, req.site, sender.tab?.id);
        if (problem) {
          worker.diagnostics.add('info', problem);
          refuseRequest(problem);
        }
        return backFromBlockPage(sender);
      },
    },
  };
});
