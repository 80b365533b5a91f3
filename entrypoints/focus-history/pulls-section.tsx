// "What pulls you away": the places with the most drift time and the most drift episodes, each one click from a list.
import { useState } from 'preact/hooks';
import type { PlaceRow } from '../../shared/history/aggregate';
import { checkEntry } from '../../shared/core/list-entry';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { CAUSE_WORDS, span } from './format';
import { TableHead } from '../../ui/components/table-head';

type ListName = 'blocked' | 'allowed';

const SOURCE_WORDS = { tab: 'site', os: 'app' } as const;

/** The two answers to a place that pulls the person away: block it, or allow it (the judge was wrong). */
const LIST_ACTIONS = [
  { list: 'blocked', verb: 'Block', testId: 'block-place' },
  { list: 'allowed', verb: 'Allow', testId: 'allow-place' },
] as const satisfies readonly { list: ListName; verb: string; testId: string }[];

function PlaceTable({
  caption,
  rows,
  onAdd,
  busy,
}: {
  caption: string;
  rows: readonly PlaceRow[];
  onAdd(place: string, list: ListName): void;
  busy: boolean;
}) {
  return (
    <table class="data places">
      <caption>{caption}</caption>
      <TableHead columns={['Place', 'Why drift', 'Drift time', 'Episodes', <span class="visually-hidden">Actions</span>]} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.place} data-testid="place-row">
            <th scope="row">
              {r.place}
              {r.source ? <span class="muted"> ({SOURCE_WORDS[r.source]})</span> : null}
            </th>
            <td>{r.causes.map((c) => CAUSE_WORDS[c]).join(', ')}</td>
            <td>{span(r.driftMs)}</td>
            <td>{r.episodes}</td>
            <td class="row-actions">
              {LIST_ACTIONS.map(({ list, verb, testId }) => (
                <button
                  key={list}
                  type="button"
                  disabled={busy}
                  aria-label={`${verb} ${r.place}`}
                  data-testid={testId}
                  onClick={() => onAdd(r.place, list)}
                >
                  {verb}
                </button>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PullsSection({ byTime, byEpisodes }: { byTime: readonly PlaceRow[]; byEpisodes: readonly PlaceRow[] }) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const add = async (place: string, list: ListName) => {
    const checked = checkEntry(place);
    if (!checked.ok) return setResult({ ok: false, text: `${place} cannot be a list entry: ${checked.message}.` });
    const entry = checked.entry;
    const other: ListName = list === 'blocked' ? 'allowed' : 'blocked';
    setBusy(true);
    try {
      const current = await client.request({ type: 'getSettings' });
      if (!current.ok) return setResult({ ok: false, text: `Not changed: ${replyError(current)}` });
      const settings = current.value;
      if (settings[list].includes(entry) && !settings[other].includes(entry)) {
        return setResult({ ok: true, text: `${entry} is already on the ${list} list.` });
      }
      // One list per place: the blocked list outranks the allowed one, so allowing a blocked place must take it off.
      const next = {
        ...settings,
        [list]: settings[list].includes(entry) ? settings[list] : [...settings[list], entry],
        [other]: settings[other].filter((e) => e !== entry),
        addedFromBanner: list === 'blocked' ? settings.addedFromBanner.filter((e) => e !== entry) : settings.addedFromBanner,
      };
      const saved = await client.request({ type: 'saveSettings', settings: next });
      if (!saved.ok) return setResult({ ok: false, text: `Not changed: ${replyError(saved)}` });
      const moved = settings[other].includes(entry) ? ` (and took it off the ${other} list)` : '';
      setResult({ ok: true, text: `Added ${entry} to the ${list} list${moved}. New sessions start with it.` });
    } finally {
      setBusy(false);
    }
  };

  const empty = byTime.length === 0 && byEpisodes.length === 0;
  return (
    <section class="card" aria-labelledby="pulls-title">
      <h2 id="pulls-title">What pulls you away</h2>
      {empty ? (
        <p class="muted">No drift in this range.</p>
      ) : (
        <>
          <p class="hint">Block a place to put it on your default blocked list; Allow it when the judge was wrong to call it drift.</p>
          <PlaceTable caption="By drift time" rows={byTime} onAdd={(p, l) => void add(p, l)} busy={busy} />
          <PlaceTable caption="By drift episodes" rows={byEpisodes} onAdd={(p, l) => void add(p, l)} busy={busy} />
        </>
      )}
      <p class={result ? (result.ok ? 'result ok' : 'result error') : 'result'} role="status" aria-live="polite" data-testid="pulls-result">
        {result?.text ?? ''}
      </p>
    </section>
  );
}
