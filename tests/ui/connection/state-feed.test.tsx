// The page's state feed: connects before the first render, keeps the newest push, and marks the first state shown.
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../entrypoints/popup/popup';
import { FIRST_STATE_MARK } from '../../../ui/first-state-mark';
import { stateFeed } from '../../../ui/connection/state-feed';
import { fakeClient, renderWith } from '../fake-client';
import { push, session, T0 } from '../fixtures';

afterEach(() => {
  cleanup();
  performance.clearMarks(FIRST_STATE_MARK);
});

describe('state feed', () => {
  it('subscribes and asks for the state as soon as it is created, once per client', () => {
    const fake = fakeClient();
    const feed = stateFeed(fake.client);
    expect(fake.sent('getState')).toHaveLength(1);
    expect(stateFeed(fake.client)).toBe(feed);
    expect(fake.sent('getState')).toHaveLength(1);
    expect(feed.latest()).toBeNull();
  });

  it('keeps the push the background stamped later, whichever arrives last', async () => {
    const newer = push({ now: T0 + 2_000 });
    const older = push({ now: T0 + 1_000 });
    let answer!: (state: typeof older) => void;
    const fake = fakeClient({ getState: () => new Promise((resolve) => (answer = (state) => resolve({ ok: true, value: state }))) });
    const feed = stateFeed(fake.client);
    const seen: number[] = [];
    feed.listen((p) => seen.push(p.now));
    fake.push(newer);
    answer(older);
    await Promise.resolve();
    await Promise.resolve();
    expect(feed.latest()).toBe(newer);
    expect(seen).toEqual([T0 + 2_000]);
  });

  it('renders a state that arrived before the popup mounted straight away', () => {
    const fake = fakeClient();
    stateFeed(fake.client);
    fake.push(push({ session: session() }));
    renderWith(fake.client, <Popup />);
    expect(screen.getByTestId('status').textContent).toBe('On task');
    expect(document.querySelector('.skeleton')).toBeNull();
  });

  it('marks the first state shown once, and not for the skeleton', () => {
    const fake = fakeClient();
    renderWith(fake.client, <Popup />);
    expect(document.querySelector('.skeleton')).not.toBeNull();
    expect(performance.getEntriesByName(FIRST_STATE_MARK)).toHaveLength(0);
    fake.push(push({ session: session() }));
    fake.push(push({ session: session(), now: T0 + 5_000 }));
    expect(screen.getByTestId('status').textContent).toBe('On task');
    expect(performance.getEntriesByName(FIRST_STATE_MARK)).toHaveLength(1);
  });
});
