// Public surface of the AI roles: the port they run on, prompt builders, strict parsers, errors and the role factory.
export {
  AIFailure,
  AIResponseError,
  EmptyResponseError,
  InvalidCoachError,
  InvalidVerdictError,
  NoJSONError,
  ParseError,
  type AIResponseErrorKind,
  type FailureWords,
} from './errors';
export { extractJSON, searchJSONObject, type JSONObjectSearch } from './extract-json';
export { capText, cleanAndCap, cleanText } from './sanitize';
export { DATA_CLOSE, DATA_OPEN, MAX_APP_CHARS, MAX_TITLE_CHARS, personTextChars } from './prompt-data';
export { MAX_REASON_CHARS, buildJudgePrompt, parseVerdict, type Observation, type Verdict } from './judge';
export { MAX_MESSAGE_CHARS, buildNudgePrompt, parseNudge } from './nudge';
export { MAX_ALLOWED_ENTRIES, MAX_COACH_TEXT_CHARS, buildCoachPrompt, parseCoach, type CoachPlan } from './coach';
export { MAX_ALLOWED_ENTRY_CHARS } from './coach-allowed';
export { readCoachQuestion, type CoachAnswer, type CoachQuestion } from './coach-question';
export { ANSWER_SCHEMAS, ANSWER_SCHEMA_KEYWORDS, type ResponseSchema } from './answer-schemas';
export { CONNECTION_TEST_PROMPT, parseConnectionTest } from './connection-test';
export { createAIRoles, type AIPort, type AIRoles, type RoleCall } from './roles';
export {
  AI_ROLES,
  MODEL_AVAILABILITIES,
  OBSERVATION_SOURCES,
  PARSE_FAILURE_KINDS,
  type AIRole,
  type ModelAvailability,
  type ObservationSource,
  type ParseFailureKind,
  type PromptLimits,
} from './vocabulary';
