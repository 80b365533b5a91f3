// What one runtime request is, wherever it is declared (the core's table or a feature's): its fields, its sender rule, its reply.
import * as z from 'zod';
import type { SettingScope } from '../core/session-settings';
import { onFirstUse } from '../util/on-first-use';

export interface RequestSpec {
  /** The request's fields besides `type`. */
  readonly body: z.ZodObject;
  /**
   * A content script (it runs in a web page, whose renderer the page shares) may send it: only the report of what the page
   * faked at the banner. The drift answers come from the extension's own pages: the popup, and the in-page frame.
   */
  readonly fromContent: boolean;
  /** The value an `{ok: true}` reply carries. */
  readonly reply: z.ZodType;
}

/** A problem across a section's fields, as an issue on the settings record. */
export interface SettingProblem {
  readonly path: Array<string | number>;
  readonly message: string;
}

/** A feature's section of the one settings record: its fields (a zod object, built on first use), where each is kept, its cross-field check. */
export interface FeatureSettings<S extends z.ZodObject = z.ZodObject> {
  readonly schema: S;
  /** Every field on one side: `sync` follows the person, `local` stays on this machine. */
  readonly scopes: { readonly [K in keyof z.infer<S>]-?: SettingScope };
  problems?(values: z.infer<S>): SettingProblem[];
}

/** Types a feature's settings section, keeping each field's scope exact (a field without one fails the typecheck). */
export function featureSettings<S extends z.ZodObject, const C extends FeatureSettings<S>['scopes']>(
  section: FeatureSettings<S> & { readonly scopes: C },
): FeatureSettings<S> & { readonly scopes: C } {
  return section;
}

/**
 * A feature as the core's tables see it: its name (its folders' name), the requests it answers and its section of the
 * settings record, if it has one.
 */
export interface FeatureDeclaration {
  readonly name: string;
  readonly requests: Readonly<Record<string, RequestSpec>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each feature's own schema; the list keeps the exact types
  readonly settings?: FeatureSettings<any>;
}

/** The reply of a request that only acts: the new state reaches every surface as a push. */
export const Done = onFirstUse(() => z.null());
export const NoFields = onFirstUse(() => z.object({}));
/** Where the block page's answers took the person: the last on-task tab (`tab`), or nowhere yet (`none`: the page goes back itself). */
export const WentBack = onFirstUse(() => z.object({ went: z.enum(['tab', 'none']) }));
