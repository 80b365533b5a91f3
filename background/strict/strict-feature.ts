// Strict sessions, declared: the blocking wired into the worker, and the lists a strict start must have.
import { STRICT_FEATURE } from '../../shared/strict/strict-feature';
import { strictListProblems } from '../../shared/strict/start-problems';
import { defineFeature } from '../feature';
import { wireStrict } from './wire-strict';

export const strictFeature = defineFeature(STRICT_FEATURE, ({ worker }) => {
  wireStrict(worker);
  return {
    offers: undefined,
    handlers: {},
    startProblems: (input) => {
      const problems = input.strict ? strictListProblems(input.blocked) : [];
      return problems.length > 0 ? [`strict session not started: ${problems.join('; ')}`] : [];
    },
  };
});
