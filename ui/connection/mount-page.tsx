// Starts one of our pages: its client and state feed first (the round trip overlaps the first render), then the page inside its provider.
import { render, type ComponentChildren } from 'preact';
import { browserClient } from './browser-client';
import { ClientProvider } from './surface-client';
import { stateFeed } from './state-feed';

export function mountPage(page: ComponentChildren): void {
  const client = browserClient();
  stateFeed(client);
  render(<ClientProvider client={client}>{page}</ClientProvider>, document.getElementById('app')!);
}
