// The plan as a feature: the popup's offer of the scheduled block and its answers, and the start form's templates.
import * as z from 'zod';
import type { RecentCommitment } from '../history/recent';
import { Done, NoFields, type FeatureDeclaration } from '../messages/request-spec';
import { onFirstUse } from '../util/on-first-use';
import type { PlanView } from './plan-view';
import { Template } from './plan-records';
import { PLAN_SETTINGS } from './plan-settings';

const planTime = onFirstUse(() => z.number().int().nonnegative());
const OccurrenceKey = onFirstUse(() => z.string().min(1).max(100));
const OccurrenceRequest = onFirstUse(() => z.object({ key: OccurrenceKey }));

/** The scheduled block on offer now (waiting: a session runs, the block starts when it ends) and today's blocks, for the popup. */
export const PlanReply = onFirstUse(
  () =>
    z.object({
      due: z.object({ key: OccurrenceKey, label: z.string(), start: planTime, end: planTime, waiting: z.boolean() }).nullable(),
      today: z.array(
        z.object({
          key: OccurrenceKey,
          label: z.string(),
          start: planTime,
          end: planTime,
          state: z.enum(['done', 'now', 'next', 'missed', 'later']),
        }),
      ),
    }) satisfies z.ZodType<PlanView>,
);

/** A template as the start form saves it: the background gives it its id. */
export const TemplateInput = onFirstUse(() => Template.omit({ id: true }));
export type TemplateInput = z.input<typeof TemplateInput>;

/** What the start form offers to start from: the templates, then the last distinct commitments. */
export const StartChoices = onFirstUse(() =>
  z.object({
    templates: z.array(Template),
    recent: z.array(
      z.object({
        nextAction: z.string(),
        successCondition: z.string(),
        involves: z.string(),
        allowed: z.array(z.string()),
        blocked: z.array(z.string()),
        timeboxMinutes: z.number().nullable(),
      }) satisfies z.ZodType<RecentCommitment>,
    ),
  }),
);
export type StartChoices = z.infer<typeof StartChoices>;

export const PLAN_FEATURE = {
  name: 'plan',
  settings: PLAN_SETTINGS,
  requests: {
    getStartChoices: { body: NoFields, fromContent: false, reply: StartChoices },
    /** Save as template: refused in words when the name is taken or empty. */
    saveTemplate: { body: onFirstUse(() => z.object({ template: TemplateInput })), fromContent: false, reply: Template },
    getPlan: { body: NoFields, fromContent: false, reply: PlanReply },
    /** Start / In 10 minutes / dismiss the scheduled block on offer (`key` is its occurrence). */
    startDueBlock: { body: OccurrenceRequest, fromContent: false, reply: Done },
    snoozeDueBlock: { body: OccurrenceRequest, fromContent: false, reply: Done },
    dismissDueBlock: { body: OccurrenceRequest, fromContent: false, reply: Done },
  },
} as const satisfies FeatureDeclaration;
