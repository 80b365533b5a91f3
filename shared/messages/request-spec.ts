// What one runtime request is, wherever it is declared (the core's table or a feature's): its fields, its sender rule, its reply.
import * as z from 'zod';
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

/** A feature as the core's tables see it: its name (its folders' name) and the requests it answers. */
export interface FeatureDeclaration {
  readonly name: string;
  readonly requests: Readonly<Record<string, RequestSpec>>;
}

/** The reply of a request that only acts: the new state reaches every surface as a push. */
export const Done = onFirstUse(() => z.null());
export const NoFields = onFirstUse(() => z.object({}));
/** Where the block page's answers took the person: the last on-task tab (`tab`), or nowhere yet (`none`: the page goes back itself). */
export const WentBack = onFirstUse(() => z.object({ went: z.enum(['tab', 'none']) }));
