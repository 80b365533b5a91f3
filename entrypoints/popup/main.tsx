// Toolbar popup entry: mounts the popup UI with the real background client.
import { render } from 'preact';
import { browserClient } from '../../ui/browser-client';
import { ClientProvider } from '../../ui/client';
import { Popup } from './popup';
import '../../ui/theme.css';
import './popup.css';

render(
  <ClientProvider client={browserClient()}>
    <Popup />
  </ClientProvider>,
  document.getElementById('app')!,
);
