// What a feature is to the worker: its declaration (shared/), and how it wires itself in and answers its requests.
import type { FeatureDeclaration } from '../shared/messages/request-spec';
import type { ParsedRequestOf, ReplyValue, RequestType, StartSessionInput } from '../shared/messages/requests';
import type { Observer } from './observe/observer';
import type { SenderFacts } from './sender';
import type { Worker } from './worker';

/** What every feature is given: the worker's core, and the few acts of the core its requests share. */
export interface FeatureBase {
  readonly worker: Worker;
  readonly observer: Observer;
  /** The last on-task tab comes forward; when it is the sender's own tab (or there is none), the page goes back itself. */
  backFromBlockPage(sender: SenderFacts): Promise<{ went: 'tab' | 'none' }>;
}

/** One handler per request the feature declares, typed by its schemas (a missing one fails the typecheck). */
export type FeatureHandlers<D extends FeatureDeclaration> = {
  [T in keyof D['requests'] & RequestType]: (req: ParsedRequestOf<T>, sender: SenderFacts) => Promise<ReplyValue<T>> | ReplyValue<T>;
};

/** A feature once wired: its handlers, what it offers the features after it, and its say on a session's start. */
export interface WiredFeature<D extends FeatureDeclaration, Offers = undefined> {
  readonly handlers: FeatureHandlers<D>;
  readonly offers: Offers;
  /** What is wrong with a start's input for this feature, in words (empty: nothing); the start is refused with them. */
  startProblems?(input: StartSessionInput): string[];
  /** The feature's line in the end-of-day summary (null: nothing to say today). */
  daySummaryLine?(): Promise<string | null>;
}

/** A feature of the background: its shared declaration and its wiring (listeners, alarms, effect ports, observers). */
export interface BackgroundFeature<D extends FeatureDeclaration, Needs, Offers> {
  readonly declaration: D;
  wire(base: FeatureBase, needs: Needs): WiredFeature<D, Offers>;
}

/** Declares a feature of the background: the one module a new feature adds beside its folders' files. */
export function defineFeature<D extends FeatureDeclaration, Needs = undefined, Offers = undefined>(
  declaration: D,
  wire: (base: FeatureBase, needs: Needs) => WiredFeature<D, Offers>,
): BackgroundFeature<D, Needs, Offers> {
  return { declaration, wire };
}
