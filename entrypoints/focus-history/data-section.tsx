// Export (JSON, CSV), import (validated, merged without duplicates) and delete (the shown range or all, confirmed inline).
import { useEffect, useRef, useState } from 'preact/hooks';
import { parseHistoryImport, segmentsCsv } from '../../shared/history/csv';
import type { HistorySource } from './history-source';
import type { ShownRange } from '../../locale/local-calendar';
import { plural } from './format';
import { errorText } from '../../shared/util/error-text';
import { replyError, useClient } from '../../ui/connection/surface-client';

export type Download = (name: string, blob: Blob) => void;

/** Saves a Blob through a temporary link: no downloads permission needed. */
export const browserDownload: Download = (name, blob) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Everything a delete of "all" reaches: every start time there can be. */
const ALL = { from: 0, to: Number.MAX_SAFE_INTEGER };

interface Props {
  source: HistorySource;
  now(): number;
  range: ShownRange;
  dayKey(ms: number): string;
  download: Download;
  /** Records changed: the page reads its range again. */
  onChanged(): void;
}

type Pending = { scope: 'range' | 'all'; count: number };

export function DataSection({ source, now, range, dayKey, download, onChanged }: Props) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  // The question takes focus once its buttons are enabled, so a keyboard user answers it next.
  useEffect(() => {
    if (pending && !busy) confirmRef.current?.focus();
  }, [pending, busy]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setResult({ ok: false, text: `Failed: ${errorText(error)}` });
    } finally {
      setBusy(false);
    }
  };

  const exportAs = (kind: 'json' | 'csv') =>
    run(async () => {
      const at = now();
      const file = await source.exportAll(at);
      const name = `antidrift-history-${dayKey(at)}.${kind}`;
      const blob =
        kind === 'json'
          ? new Blob([JSON.stringify(file)], { type: 'application/json' })
          : new Blob([segmentsCsv(file.sessions, file.segments, file.marks)], { type: 'text/csv' });
      download(name, blob);
      setResult({ ok: true, text: `Exported ${plural(file.sessions.length, 'session')} to ${name}.` });
    });

  const importFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    void run(async () => {
      const checked = parseHistoryImport(await file.text());
      if (!checked.ok) return setResult({ ok: false, text: `Not imported: ${checked.error}. Nothing was changed.` });
      const merged = await source.importMerge(checked.file);
      setResult({ ok: true, text: `Added ${plural(merged.added, 'record')}, ${merged.skipped} already here.` });
      onChanged();
    });
  };

  const client = useClient();
  const [clearLater, setClearLater] = useState(false);

  const ask = (scope: Pending['scope']) =>
    run(async () => {
      const { from, to } = scope === 'all' ? ALL : range;
      const count = await source.countEndedSessions(from, to);
      if (count === 0) {
        setPending(null);
        return setResult({
          ok: true,
          text: scope === 'all' ? 'There is no ended session to delete.' : `No ended session started ${range.label}.`,
        });
      }
      setResult(null);
      setPending({ scope, count });
    });

  const confirm = (p: Pending) =>
    run(async () => {
      const { from, to } = p.scope === 'all' ? ALL : range;
      const deleted = await source.deleteSessions(from, to);
      // The Later list holds addresses too: "all" offers to clear it in the same step (it is not history, so only when asked).
      const cleared = p.scope === 'all' && clearLater ? await client.request({ type: 'clearLater' }) : null;
      setPending(null);
      setClearLater(false);
      const also = cleared ? (cleared.ok ? ' The Later list is empty.' : ` The Later list was not cleared: ${replyError(cleared)}`) : '';
      setResult({ ok: true, text: `Deleted ${plural(deleted, 'session')}.${also}` });
      onChanged();
    });

  return (
    <section class="card" aria-labelledby="data-title">
      <h2 id="data-title">Your history data</h2>
      <div class="actions">
        <button type="button" disabled={busy} data-testid="export-json" onClick={() => void exportAs('json')}>
          Export all (JSON)
        </button>
        <button type="button" disabled={busy} data-testid="export-csv" onClick={() => void exportAs('csv')}>
          Export all (CSV)
        </button>
        <input
          id="import-history"
          class="visually-hidden"
          type="file"
          accept="application/json,.json"
          disabled={busy}
          data-testid="import-history"
          onChange={(e) => importFile(e.currentTarget)}
        />
        <label class="button-like" for="import-history">
          Import JSON…
        </label>
      </div>
      <div class="actions">
        <button type="button" class="danger" disabled={busy} data-testid="delete-range" onClick={() => void ask('range')}>
          Delete the shown range ({range.label})…
        </button>
        <button type="button" class="danger" disabled={busy} data-testid="delete-all" onClick={() => void ask('all')}>
          Delete all history…
        </button>
      </div>
      <p class="hint">
        Deleting removes ended sessions that started in the range, with their segments and reviews. A running session is kept.
      </p>
      {pending ? (
        <div class="confirm" role="group" aria-labelledby="delete-question" data-testid="delete-confirm">
          <p id="delete-question">
            Delete {plural(pending.count, 'session')}
            {pending.scope === 'all' ? ' (all your history)' : ` that started ${range.label}`}? This cannot be undone.
          </p>
          {pending.scope === 'all' ? (
            <label class="check">
              <input
                type="checkbox"
                checked={clearLater}
                data-testid="delete-later-too"
                onChange={(e) => setClearLater(e.currentTarget.checked)}
              />
              Also clear the pages saved for later
            </label>
          ) : null}
          <div class="actions">
            <button
              ref={confirmRef}
              type="button"
              class="danger"
              disabled={busy}
              data-testid="delete-confirm-yes"
              onClick={() => void confirm(pending)}
            >
              Delete {plural(pending.count, 'session')}
            </button>
            <button type="button" disabled={busy} data-testid="delete-cancel" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <p class={result ? (result.ok ? 'result ok' : 'result error') : 'result'} role="status" aria-live="polite" data-testid="data-result">
        {result?.text ?? ''}
      </p>
    </section>
  );
}
