// What antidrift uses of the Prompt API (`LanguageModel`, Chrome 138+): its shape, and the options its prompts need (zod-free).
import type { ModelAvailability } from '../core/vocabulary';

/** A JSON Schema object, as a structured-output option takes it. */
export type ResponseSchema = Readonly<Record<string, unknown>>;

/** What we use of one session (a LanguageModel instance). */
export interface ModelSession {
  prompt(input: string, options?: { responseConstraint?: ResponseSchema; signal?: AbortSignal }): Promise<string>;
  clone(options?: { signal?: AbortSignal }): Promise<ModelSession>;
  measureInputUsage?(input: string, options?: { responseConstraint?: ResponseSchema; signal?: AbortSignal }): Promise<number>;
  readonly inputUsage?: number;
  readonly inputQuota?: number;
  destroy(): void;
}

export interface ModelOptions {
  expectedInputs: { type: 'text'; languages: string[] }[];
  expectedOutputs: { type: 'text'; languages: string[] }[];
}

export interface CreateOptions {
  initialPrompts?: { role: 'system' | 'user' | 'assistant'; content: string }[];
  signal?: AbortSignal;
  /** Receives the download monitor: `downloadprogress` events with `loaded` from 0 to 1. */
  monitor?: (m: EventTarget) => void;
}

/** What we use of the global `LanguageModel` (its static side). */
export interface LanguageModelApi {
  availability(options: ModelOptions): Promise<ModelAvailability>;
  create(options: ModelOptions & CreateOptions): Promise<ModelSession>;
}

/** The same options for availability() and create(): the prompts are English text in, English JSON text out. */
export const MODEL_OPTIONS: ModelOptions = {
  expectedInputs: [{ type: 'text', languages: ['en'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
};

/** `LanguageModel` of `scope` (a worker's or a page's global) where it exists and looks like the API, else undefined. */
export function languageModelApi(scope: object): LanguageModelApi | undefined {
  const api = (scope as { LanguageModel?: unknown }).LanguageModel;
  if (!api || (typeof api !== 'object' && typeof api !== 'function')) return undefined;
  const { availability, create } = api as Partial<LanguageModelApi>;
  return typeof availability === 'function' && typeof create === 'function' ? (api as LanguageModelApi) : undefined;
}
