// Welcome page entry (opened by itself on a first install that still needs the helper): connects first, then mounts.
import { render } from 'preact';
import { browserClient } from '../../ui/connection/browser-client';
import { ClientProvider } from '../../ui/connection/surface-client';
import { stateFeed } from '../../ui/connection/state-feed';
import { WelcomePage } from './welcome-page';
import '../../ui/theme.css';
import './welcome.css';

const client = browserClient();
stateFeed(client);

render(
  <ClientProvider client={client}>
    <WelcomePage />
  </ClientProvider>,
  document.getElementById('app')!,
);
