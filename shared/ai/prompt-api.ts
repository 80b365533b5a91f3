// What antidrift uses of the Prompt API (`LanguageModel`, Chrome 138+): its shape, and the options its prompts need (zod-free).
import type { ModelAvailability } from './vocabulary';

/** A JSON Schema object, as a structured-output option takes it. */
export type ResponseSchema = Readonly<Record<string, unknown>>;

type PromptOptions = { responseConstraint?: ResponseSchema; signal?: AbortSignal };

/**
 * What we use of one session (a LanguageModel instance). The context names are Chrome 148's web launch
 * (`contextWindow`, `contextUsage`, `measureContextUsage`); the `input…` ones are their deprecated
 * predecessors, kept only in extension contexts, so both are read, the new ones first.
 */
export interface ModelSession {
  prompt(input: string, options?: PromptOptions): Promise<string>;
  clone(options?: { signal?: AbortSignal }): Promise<ModelSession>;
  measureContextUsage?(input: string, options?: PromptOptions): Promise<number>;
  readonly contextUsage?: number;
  readonly contextWindow?: number;
  measureInputUsage?(input: string, options?: PromptOptions): Promise<number>;
  readonly inputUsage?: number;
  readonly inputQuota?: number;
  destroy(): void;
}

/** How much of a session's context a prompt needs and how much is left, by whichever names this browser has; null: it cannot say. */
export async function contextRoom(
  session: ModelSession,
  input: string,
  options: PromptOptions,
): Promise<{ needed: number; left: number } | null> {
  if (typeof session.measureContextUsage === 'function' && typeof session.contextWindow === 'number') {
    const needed = await session.measureContextUsage(input, options);
    return { needed, left: session.contextWindow - (session.contextUsage ?? 0) };
  }
  if (typeof session.measureInputUsage === 'function' && typeof session.inputQuota === 'number') {
    const needed = await session.measureInputUsage(input, options);
    return { needed, left: session.inputQuota - (session.inputUsage ?? 0) };
  }
  return null;
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
