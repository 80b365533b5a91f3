// Toolbar popup entry: connects to the background first, then mounts the popup UI.
import { render } from 'preact';
import { browserClient } from '../../ui/connection/browser-client';
import { ClientProvider } from '../../ui/connection/surface-client';
import { stateFeed } from '../../ui/connection/state-feed';
import { Popup } from './popup';
import themeCss from '../../ui/theme.css?inline';
import popupCss from './popup.css?inline';

const client = browserClient();
// Before render: the state round trip then overlaps Preact's first render and paint.
stateFeed(client);

const style = document.createElement('style');
style.textContent = themeCss + popupCss;
document.head.append(style);

render(
  <ClientProvider client={client}>
    <Popup />
  </ClientProvider>,
  document.getElementById('app')!,
);
