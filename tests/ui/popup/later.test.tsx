// The Later list in the popup: collapsed to its count when there is something, each page opened or removed, Open all in one window; the review's "You saved …"; the drift banner's Save for later for a tab only.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaterEntry } from '../../../shared/later/later-list';
import { LaterList, SavedInSession } from '../../../ui/components/later-list';
import { DriftBanner } from '../../../ui/components/drift-banner';
import { fakeClient, renderWith } from '../fake-client';
import { T0 } from '../fixtures';

afterEach(cleanup);

const entry = (n: number, session: string | null = null): LaterEntry => ({
  id: `e${n}`,
  url: `https://site${n}.test/a`,
  title: n === 3 ? '' : `Page ${n}`,
  savedAt: T0 + n,
  session,
});

function withList(list: LaterEntry[]) {
  let current = list;
  const fake = fakeClient({
    getLater: () => ({ ok: true, value: current }),
    openLater: (req) => ({ ok: true, value: (current = current.filter((e) => !req.ids.includes(e.id))) }),
    removeLater: (req) => ({ ok: true, value: (current = current.filter((e) => !req.ids.includes(e.id))) }),
  });
  return fake;
}

describe('the Later list in the popup', () => {
  it('is nothing while empty', async () => {
    const fake = withList([]);
    renderWith(fake.client, <LaterList />);
    await waitFor(() => expect(fake.requests).toContainEqual({ type: 'getLater' }));
    expect(screen.queryByTestId('later-list')).toBeNull();
  });

  it('says how many, opens one, removes one, opens the rest in one window, and states its cap', async () => {
    const fake = withList([entry(1), entry(2), entry(3)]);
    renderWith(fake.client, <LaterList open />);
    expect((await screen.findByTestId('later-summary')).textContent).toBe('Saved for later (3)');
    // A page without a title is named by its address.
    expect(screen.getAllByTestId('later-entry').map((li) => li.textContent)).toEqual(['Page 1×', 'Page 2×', 'site3.test×']);
    fireEvent.click(screen.getByText('Page 1'));
    await waitFor(() => expect(screen.getByTestId('later-summary').textContent).toBe('Saved for later (2)'));
    expect(fake.requests).toContainEqual({ type: 'openLater', ids: ['e1'], oneWindow: false });
    fireEvent.click(screen.getByLabelText('Remove Page 2'));
    await waitFor(() => expect(screen.getByTestId('later-summary').textContent).toBe('Saved for later (1)'));
    fireEvent.click(screen.getByTestId('later-open-all'));
    await waitFor(() => expect(screen.queryByTestId('later-list')).toBeNull());
    expect(fake.requests).toContainEqual({ type: 'openLater', ids: ['e3'], oneWindow: true });
  });

  it('the review names what this session saved: Open them, Keep for later, Clear', async () => {
    const fake = withList([entry(1, 's-1'), entry(2, 's-other'), entry(3, 's-1')]);
    renderWith(fake.client, <SavedInSession session="s-1" />);
    expect((await screen.findByTestId('review-saved')).textContent).toContain('You saved 2 things for later.');
    fireEvent.click(screen.getByTestId('review-saved-open'));
    await waitFor(() => expect(screen.queryByTestId('review-saved')).toBeNull());
    expect(fake.requests).toContainEqual({ type: 'openLater', ids: ['e1', 'e3'], oneWindow: true });
    cleanup();
    const keep = withList([entry(4, 's-2')]);
    renderWith(keep.client, <SavedInSession session="s-2" />);
    fireEvent.click(await screen.findByTestId('review-saved-keep'));
    expect(screen.queryByTestId('review-saved')).toBeNull();
    expect(keep.requests.filter((r) => r.type !== 'getLater')).toEqual([]);
    cleanup();
    const clear = withList([entry(5, 's-3')]);
    renderWith(clear.client, <SavedInSession session="s-3" />);
    fireEvent.click(await screen.findByTestId('review-saved-clear'));
    await waitFor(() => expect(clear.requests).toContainEqual({ type: 'removeLater', ids: ['e5'] }));
  });

  it('the popup’s drift banner offers Save for later for a tab, not for an app window', () => {
    const banner = { episode: 1, reason: 'videos.test is on your blocked list', answered: false, onTaskFrom: null, strict: false } as never;
    let saved = 0;
    const props = { banner, now: T0, onBack: () => {}, onOnTask: () => {}, onSaveForLater: () => void saved++ };
    render(<DriftBanner {...props} place={{ source: 'tab', app: 'videos.test', title: 'Cats', why: { kind: 'none' } } as never} />);
    fireEvent.click(screen.getByTestId('drift-save'));
    expect(saved).toBe(1);
    cleanup();
    render(<DriftBanner {...props} place={{ source: 'os', app: 'Outlook', title: 'Inbox', why: { kind: 'none' } } as never} />);
    expect(screen.queryByTestId('drift-save')).toBeNull();
  });
});
