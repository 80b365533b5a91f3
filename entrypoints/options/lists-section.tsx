// Options: default allowed/blocked lists and the entries added from drift banners.
import { DEFAULT_MIXED_USE_SITES } from '../../shared/core/site-parts';
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
        hint="Prefilled into every new session. App classes (code, xterm), sites (github.com), parts of sites (reddit.com/r/typescript, youtube.com/@channel) or patterns (*.google.com)."
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
      <ChipsEditor
        id="mixed-use-sites"
        label="Judged page by page"
        entries={draft.mixedUseSites}
        onChange={(mixedUseSites) => p.set({ mixedUseSites })}
        inputTestId="mixed-use-sites"
        wrapperTestId="mixed-use-sites-chips"
        placeholder="news.example.com — Enter to add"
        hint="Sites that hold both work and distraction: the AI judges each video, thread or article on its own, not the whole site once. Worked out on this computer from the address."
      />
      {draft.mixedUseSites.join('\n') !== DEFAULT_MIXED_USE_SITES.join('\n') ? (
        <button
          type="button"
          class="link"
          data-testid="mixed-use-reset"
          onClick={() => p.set({ mixedUseSites: [...DEFAULT_MIXED_USE_SITES] })}
        >
          Back to the built-in list
        </button>
      ) : null}
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
            Nothing yet. Apps, sites and parts of sites you mark as on task from a drift banner appear here.
          </p>
        )}
      </div>
    </Section>
  );
}
