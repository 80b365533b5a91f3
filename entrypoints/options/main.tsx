// Options page entry: connects to the background first, then mounts the options UI with the real background client.
import '../../shared/core/zod-jitless';
import { render } from 'preact';
import { browserClient } from '../../ui/connection/browser-client';
import { ClientProvider } from '../../ui/connection/surface-client';
import { stateFeed } from '../../ui/connection/state-feed';
import { OptionsPage } from './options-page';
import '../../ui/theme.css';
import './options.css';

const client = browserClient();
stateFeed(client);

render(
  <ClientProvider client={client}>
    <OptionsPage />
  </ClientProvider>,
  document.getElementById('app')!,
);
