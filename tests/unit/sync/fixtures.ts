// Settings records for the sync tests: the defaults with this machine's choices, and ones big enough to need several chunks.
import { defaultSettings, Settings } from '../../../shared/settings/stored-settings';
import { templateRecord } from '../../support/templates';

/** A machine with its own backend, model, timeout and window classes. */
export function machine(over: Partial<Settings> = {}): Settings {
  return Settings.parse({
    ...defaultSettings(),
    backend: 'codex',
    model: 'gpt-5',
    aiTimeoutSeconds: 90,
    browserWindowClasses: ['my-browser'],
    ...over,
  });
}

/** Templates with multi-byte text (CJK, emoji, combining marks) filling about `kb` kilobytes. */
export function withTemplates(count: number, textChars = 480, over: Partial<Settings> = {}): Settings {
  const text = (i: number) => `集中 🎯 e\u0301 "quoted" \\ ${i} `.repeat(40).slice(0, textChars);
  return machine({
    templates: Array.from({ length: count }, (_, i) =>
      templateRecord({ id: `t${i}`, name: `Vorlage ${i} — 作業`, nextAction: text(i), successCondition: text(i + 1) }),
    ),
    ...over,
  });
}
