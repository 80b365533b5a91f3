// The plan's settings section: templates, the schedule and the end-of-day summary; its schema, defaults, sync scopes and cross-field check.
import * as z from 'zod';
import { featureSettings, type SettingProblem } from '../messages/request-spec';
import { BlockList, DaySummarySetting, scheduleProblems, TemplateList } from './plan-records';
import { onFirstUse } from '../util/on-first-use';

export const PlanSettings = onFirstUse(() =>
  z.object({
    /** What the start form and the schedule start from. */
    templates: TemplateList.default([]),
    schedule: BlockList.default([]),
    daySummary: DaySummarySetting.default({ enabled: false, at: '18:00' }),
  }),
);
export type PlanSettings = z.infer<typeof PlanSettings>;

/** What is wrong across the plan's fields (a scheduled block names a template that is gone), as issues on the record. */
function planSettingsIssues(plan: PlanSettings): SettingProblem[] {
  return scheduleProblems(plan.schedule, plan.templates).map((p) => ({ path: ['schedule', p.index, p.field], message: p.message }));
}

export const PLAN_SETTINGS = featureSettings({
  schema: PlanSettings,
  scopes: { templates: 'sync', schedule: 'sync', daySummary: 'sync' },
  problems: planSettingsIssues,
});
