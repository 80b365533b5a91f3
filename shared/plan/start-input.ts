// The session a template starts: the one place a template becomes the controller's start input (zod-free).
import type { SessionStartInput } from '../core/controller/events';
import type { Template } from './plan-records';

export type StartableTemplate = Pick<
  Template,
  'nextAction' | 'successCondition' | 'involves' | 'allowed' | 'blocked' | 'timeboxMinutes' | 'rhythm' | 'strict' | 'allowlistOnly'
>;

/** What `sessionStarted` gets from a template (a blank commitment is refused by the controller, in words). */
export function startInputOf(template: StartableTemplate): SessionStartInput {
  return {
    commitment: {
      nextAction: template.nextAction,
      successCondition: template.successCondition,
      // A blank one is left out, as the start form leaves it out: the session then says nothing of it.
      ...(template.involves.trim() ? { involves: template.involves.trim() } : {}),
    },
    allowed: [...template.allowed],
    blocked: [...template.blocked],
    ...(template.timeboxMinutes !== null ? { timeboxMinutes: template.timeboxMinutes } : {}),
    ...(template.rhythm !== null ? { rhythm: template.rhythm } : {}),
    ...(template.strict ? { strict: true } : {}),
    ...(template.allowlistOnly ? { allowlistOnly: true } : {}),
  };
}
