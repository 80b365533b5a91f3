// Templates as the options form edits them (the timebox as text), and back into template records.
import type { Template } from '../../shared/plan/plan-records';

export interface TemplateDraft {
  id: string;
  name: string;
  nextAction: string;
  successCondition: string;
  /** Blank: the template says nothing of what the work involves. */
  involves: string;
  allowed: string[];
  blocked: string[];
  /** Blank: no timebox. */
  timebox: string;
  rhythm: Template['rhythm'];
  strict: boolean;
  allowlistOnly: boolean;
}

export function toTemplateDrafts(templates: readonly Template[]): TemplateDraft[] {
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    nextAction: t.nextAction,
    successCondition: t.successCondition,
    involves: t.involves,
    allowed: [...t.allowed],
    blocked: [...t.blocked],
    timebox: t.timeboxMinutes === null ? '' : String(t.timeboxMinutes),
    rhythm: t.rhythm,
    strict: t.strict,
    allowlistOnly: t.allowlistOnly,
  }));
}

/** Unvalidated: the settings schema checks every field (a blank timebox is none, anything else a number to check). */
export function fromTemplateDrafts(drafts: readonly TemplateDraft[]): unknown[] {
  return drafts.map(({ timebox, ...t }) => ({ ...t, timeboxMinutes: timebox.trim() === '' ? null : Number(timebox.trim()) }));
}
