// A template record as the settings hold it: blank texts and lists, no timebox, no rhythm, not strict — tests say only what differs.
import type { Template } from '../../shared/plan/plan-records';

export function templateRecord(over: Partial<Template> & Pick<Template, 'id' | 'name'>): Template {
  return {
    nextAction: '',
    successCondition: '',
    involves: '',
    allowed: [],
    blocked: [],
    timeboxMinutes: null,
    rhythm: null,
    strict: false,
    allowlistOnly: false,
    ...over,
  };
}
