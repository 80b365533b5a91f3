// The options form as text fields, and its validation back into Settings (with per-field messages).
import { Settings } from '../../shared/settings';

export interface Draft {
  backend: string | null;
  model: string;
  aiTimeoutSeconds: string;
  allowed: string[];
  blocked: string[];
  addedFromBanner: string[];
  nudgeEnabled: boolean;
  nudgeIntervalMinutes: string;
  judgeDebounceSeconds: string;
  includeIncognito: boolean;
  neverSendUrls: boolean;
  /** One pattern per line. */
  redactPatterns: string;
  /** One window class per line. */
  browserWindowClasses: string;
}

export type DraftErrors = Partial<Record<keyof Draft | 'form', string>>;

export function toDraft(s: Settings): Draft {
  return {
    backend: s.backend,
    model: s.model,
    aiTimeoutSeconds: String(s.aiTimeoutSeconds),
    allowed: [...s.allowed],
    blocked: [...s.blocked],
    addedFromBanner: [...s.addedFromBanner],
    nudgeEnabled: s.nudgeEnabled,
    nudgeIntervalMinutes: String(s.nudgeIntervalMinutes),
    judgeDebounceSeconds: String(s.judgeDebounceSeconds),
    includeIncognito: s.includeIncognito,
    neverSendUrls: s.neverSendUrls,
    redactPatterns: s.redactPatterns.join('\n'),
    browserWindowClasses: s.browserWindowClasses.join('\n'),
  };
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

function numberIn(text: string, min: number, max: number, integer: boolean): number | string {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isFinite(value)) return 'enter a number';
  if (integer && !Number.isInteger(value)) return 'enter whole seconds';
  if (value < min || value > max) return `between ${min} and ${max}`;
  return value;
}

/** Why a redaction pattern cannot be used, or '' when it can (same flags as redactTitle). */
export function patternProblem(pattern: string): string {
  if (pattern.length > 200) return 'at most 200 characters';
  try {
    new RegExp(pattern, 'giu');
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : 'not a valid regular expression';
  }
}

export function fromDraft(d: Draft, base: Settings): { settings: Settings } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const timeout = numberIn(d.aiTimeoutSeconds, 5, 300, true);
  const interval = numberIn(d.nudgeIntervalMinutes, 0.25, 120, false);
  const debounce = numberIn(d.judgeDebounceSeconds, 0, 60, false);
  if (typeof timeout === 'string') errors.aiTimeoutSeconds = `Timeout: ${timeout}.`;
  if (typeof interval === 'string') errors.nudgeIntervalMinutes = `Nudge interval: ${interval} minutes.`;
  if (typeof debounce === 'string') errors.judgeDebounceSeconds = `Judge debounce: ${debounce} seconds.`;
  const patterns = lines(d.redactPatterns);
  const bad = patterns.map((p, i) => [i + 1, p, patternProblem(p)] as const).find(([, , problem]) => problem);
  if (bad) errors.redactPatterns = `Line ${bad[0]} (${bad[1]}): ${bad[2]}.`;
  else if (patterns.length > 50) errors.redactPatterns = 'At most 50 patterns.';
  const classes = lines(d.browserWindowClasses);
  if (classes.some((c) => c.length > 100) || classes.length > 50) errors.browserWindowClasses = 'At most 50 classes of up to 100 characters.';
  if (d.model.length > 200) errors.model = 'Model: at most 200 characters.';
  if (Object.keys(errors).length) return { errors };
  const parsed = Settings.safeParse({
    ...base,
    backend: d.backend,
    model: d.model.trim(),
    aiTimeoutSeconds: timeout,
    allowed: d.allowed,
    blocked: d.blocked,
    addedFromBanner: d.addedFromBanner,
    nudgeEnabled: d.nudgeEnabled,
    nudgeIntervalMinutes: interval,
    judgeDebounceSeconds: debounce,
    includeIncognito: d.includeIncognito,
    neverSendUrls: d.neverSendUrls,
    redactPatterns: patterns,
    browserWindowClasses: classes,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { errors: { form: `${issue?.path.join('.') ?? 'settings'}: ${issue?.message ?? 'invalid'}` } };
  }
  return { settings: parsed.data };
}
