// Options: export the saved settings as a JSON file, import one (validated; bad files change nothing).
import { useState } from 'preact/hooks';
import { loadSettings, type Settings } from '../../shared/settings/stored-settings';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { Section } from './field';

const MAX_IMPORT_BYTES = 256 * 1024;

export function TransferSection({ saved, onImported }: { saved: Settings; onImported(s: Settings): void }) {
  const client = useClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const exportFile = () => {
    const blob = new Blob([`${JSON.stringify(saved, null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'antidrift-settings.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const fail = (text: string) => setResult({ ok: false, text: `Not imported: ${text}. Nothing was changed.` });
    if (file.size > MAX_IMPORT_BYTES) return fail('the file is too large to be antidrift settings');
    let raw: unknown;
    try {
      raw = JSON.parse(await file.text());
    } catch {
      return fail('the file is not valid JSON');
    }
    // loadSettings treats "nothing" as defaults; an import must contain an actual settings object.
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('the file does not contain a settings object');
    const loaded = loadSettings(raw);
    if (!loaded.ok) return fail(loaded.error);
    const reply = await client.request({ type: 'saveSettings', settings: loaded.settings });
    if (!reply.ok) return fail(replyError(reply));
    onImported(reply.value);
    setResult({
      ok: true,
      text: `Imported and saved${loaded.migratedFrom !== undefined ? ` (upgraded from version ${loaded.migratedFrom})` : ''}.`,
    });
  };

  return (
    <Section title="Export and import" id="transfer-title">
      <div class="row">
        <button type="button" data-testid="export-settings" onClick={exportFile}>
          Export settings
        </button>
        <input
          id="import-settings"
          class="visually-hidden"
          type="file"
          accept="application/json,.json"
          data-testid="import-settings"
          onChange={(e) => void importFile(e.currentTarget)}
        />
        <label class="button-like" for="import-settings">
          Import settings…
        </label>
      </div>
      <p
        class={result ? (result.ok ? 'result ok' : 'result error') : 'result'}
        data-testid="import-result"
        role="status"
        aria-live="polite"
      >
        {result?.text ?? ''}
      </p>
    </Section>
  );
}
