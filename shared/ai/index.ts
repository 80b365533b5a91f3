// Public surface of the AI roles: prompt builders, strict parsers, errors and the role factory.
export {
  AIResponseError,
  EmptyResponseError,
  InvalidCoachError,
  InvalidVerdictError,
  NoJSONError,
  ParseError,
  type AIResponseErrorKind,
  type AIRole,
} from './errors';
export { extractJSON, searchJSONObject, type JSONObjectSearch } from './extract-json';
export { capText, cleanAndCap, cleanText } from './sanitize';
export { DATA_CLOSE, DATA_OPEN, MAX_APP_CHARS, MAX_PERSON_TEXT_CHARS, MAX_TITLE_CHARS } from './prompt-data';
export {
  MAX_REASON_CHARS,
  VerdictSchema,
  buildVerdictPrompt,
  parseVerdict,
  type Observation,
  type ObservationSource,
  type Verdict,
} from './verdict';
export { MAX_MESSAGE_CHARS, NudgeSchema, buildNudgePrompt, parseNudge } from './nudge';
export {
  CoachSchema,
  MAX_ALLOWED_ENTRIES,
  MAX_ALLOWED_ENTRY_CHARS,
  MAX_COACH_TEXT_CHARS,
  buildCoachPrompt,
  parseCoach,
  type CoachPlan,
} from './coach';
export { SYSTEM_PROMPT } from './system-prompt';
export { RESPONSE_SCHEMAS, type ResponseSchema } from './response-schemas';
export { CONNECTION_TEST_PROMPT, parseConnectionTest } from './connection-test';
export { createAIRoles, type AIRoles, type Coach, type CompleteText, type ConnectionTester, type DriftJudge, type Nudger } from './roles';
