// declarativeNetRequest's session rules as Chromium keeps them, for WXT's fakeBrowser (which has none): ids unique, the limits enforced, all or nothing.
import { fakeBrowser } from 'wxt/testing';
import type { Rule } from '../../shared/strict/block-rules';

export class FakeDnr {
  rules: Rule[] = [];
  /** Every updateSessionRules call, in order (a test checks it was one call). */
  readonly updates: Array<{ removeRuleIds?: number[]; addRules?: Rule[] }> = [];
  /** When set, the next update fails with this message (as a browser refusing a rule would). */
  refuseNext: string | null = null;

  constructor(
    readonly MAX_NUMBER_OF_SESSION_RULES = 5000,
    readonly MAX_NUMBER_OF_REGEX_RULES = 1000,
  ) {}

  getSessionRules = (): Promise<Rule[]> => Promise.resolve(structuredClone(this.rules));

  updateSessionRules = (options: { removeRuleIds?: number[]; addRules?: Rule[] }): Promise<void> => {
    this.updates.push(structuredClone(options));
    if (this.refuseNext) {
      const message = this.refuseNext;
      this.refuseNext = null;
      return Promise.reject(new Error(message));
    }
    const removed = new Set(options.removeRuleIds ?? []);
    const next = [...this.rules.filter((rule) => !removed.has(rule.id)), ...(options.addRules ?? [])];
    // Chromium checks the whole update first and applies none of it when one rule is wrong.
    const ids = new Set<number>();
    for (const rule of next) {
      if (!Number.isInteger(rule.id) || rule.id < 1) return Promise.reject(new Error(`Rule with id ${rule.id}: Invalid rule id.`));
      if (ids.has(rule.id)) return Promise.reject(new Error(`Rule with id ${rule.id} does not have a unique ID.`));
      ids.add(rule.id);
    }
    const substitutes = (options.addRules ?? []).find((rule) => rule.action.redirect.regexSubstitution && !rule.condition.regexFilter);
    if (substitutes)
      return Promise.reject(new Error(`Rule with id ${substitutes.id} specifies a regexSubstitution without a regexFilter.`));
    if (next.length > this.MAX_NUMBER_OF_SESSION_RULES) return Promise.reject(new Error('Session rule count exceeded.'));
    if (next.filter((rule) => rule.condition.regexFilter !== undefined).length > this.MAX_NUMBER_OF_REGEX_RULES)
      return Promise.reject(new Error('Session rule count for regex rules exceeded.'));
    this.rules = structuredClone(next);
    return Promise.resolve();
  };
}

/** Puts a fresh fake onto fakeBrowser.declarativeNetRequest (fakeBrowser.reset() does not touch it: install one per test). */
export function installFakeDnr(dnr = new FakeDnr()): FakeDnr {
  Object.assign(fakeBrowser, { declarativeNetRequest: dnr });
  return dnr;
}

/** A browser without the API (an old Firefox, a stripped-down Chromium). */
export function removeDnr(): void {
  // Deleted, not set to undefined: fakeBrowser.reset() calls resetState() on every API it holds.
  Reflect.deleteProperty(fakeBrowser, 'declarativeNetRequest');
}

/** The entry a rule's redirect names (`?site=`, before the `#` that carries the address). */
export const siteOfRedirect = (substitution: string): string =>
  decodeURIComponent(substitution.slice(substitution.indexOf('?site=') + 6).split('#')[0]!);
