// Options: default allowed/blocked lists and the entries added from drift banners.
import { ChipList, ChipsEditor } from '../../ui/components/chips-editor';
import { Section } from './field';
import type { Draft } from './settings-draft';

export function ListsSection(p: { draft: Draft; set(patch: Partial<Draft>): void }) {
  const { draft } = p;
  // An entry added from a banner also lives in `allowed`: removing it here removes both.
  const removeAdded = (entry: string) =>
    p.set({ addedFromBanner: draft.addedFromBanner.filter((e) => e !== entry), allowed: draft.allowed.filter((e) => e !== entry) });
  return (
    <Section title="Apps and sites" id="lists-title">
      <ChipsEditor
        id="default-allowed"
        label="Allowed by default"
        entries={draft.allowed}
        onChange={(allowed) => p.set({ allowed })}
        inputTestId="default-allowed"
        wrapperTestId="default-allowed-chips"
        placeholder="code, github.com — Enter to add"
        hint="Prefilled into every new session. App classes (code, xterm), sites (github.com) or patterns (*.google.com)."
      />
      <ChipsEditor
        id="default-blocked"
        label="Blocked by default"
        entries={draft.blocked}
        onChange={(blocked) => p.set({ blocked })}
        inputTestId="default-blocked"
        wrapperTestId="default-blocked-chips"
        placeholder="youtube.com — Enter to add"
      />
      <div class="field">
        <span class="label" id="added-title">
          Added with “This is on task”
        </span>
        {draft.addedFromBanner.length ? (
          <ChipList
            class="chip-list plain"
            aria-labelledby="added-title"
            data-testid="added-from-banner"
            data-entries={JSON.stringify(draft.addedFromBanner)}
            entries={draft.addedFromBanner}
            onRemove={removeAdded}
          />
        ) : (
          <p class="hint" data-testid="added-from-banner" data-entries="[]">
            Nothing yet. Apps you mark as on task from a drift banner appear here.
          </p>
        )}
      </div>
    </Section>
  );
}
