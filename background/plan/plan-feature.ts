// The plan, declared: the planner wired into the worker (it reads the history), the offer's answers, and the templates.
import { PLAN_FEATURE } from '../../shared/plan/plan-feature';
import { Settings } from '../../shared/settings/stored-settings';
import { defineFeature } from '../feature';
import { refuseRequest } from '../request-failed';
import { BlockRefused, type Planner } from './planner';
import { wirePlan, type PlanNeeds } from './wire-plan';

export const planFeature = defineFeature<typeof PLAN_FEATURE, PlanNeeds, Planner>(PLAN_FEATURE, ({ worker, observer }, needs) => {
  const { history } = needs;
  const planner = wirePlan(worker, needs, observer);
  return {
    offers: planner,
    handlers: {
      getStartChoices: async () => ({
        templates: worker.settings.current.templates,
        recent: await history.recent().catch(() => []),
      }),
      saveTemplate: async (req) => {
        const settings = worker.settings.current;
        const template = { ...req.template, id: crypto.randomUUID() };
        const parsed = Settings.safeParse({ ...settings, templates: [...settings.templates, template] });
        if (!parsed.success) refuseRequest(parsed.error.issues[0]?.message ?? 'the template could not be saved');
        await worker.saveSettings(parsed.data);
        return parsed.data.templates.at(-1)!;
      },
      getPlan: () => planner.view(),
      startDueBlock: async (req) => {
        try {
          await planner.start(req.key);
        } catch (error) {
          if (error instanceof BlockRefused) refuseRequest(error.message);
          throw error;
        }
        if (worker.shell.state.phase === 'idle') refuseRequest('the block could not start: check its template');
        return null;
      },
      snoozeDueBlock: async (req) => {
        await planner.snooze(req.key);
        return null;
      },
      dismissDueBlock: async (req) => {
        await planner.dismiss(req.key);
        return null;
      },
    },
  };
});
