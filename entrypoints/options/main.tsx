// Options page entry: mounts the options UI with the real background client and this browser's identity.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { browserClient } from '../../ui/browser-client';
import { ClientProvider } from '../../ui/client';
import { OptionsPage } from './options-page';
import '../../ui/theme.css';
import './options.css';

render(
  <ClientProvider client={browserClient()}>
    <OptionsPage env={{ extensionId: browser.runtime.id, navigator }} />
  </ClientProvider>,
  document.getElementById('app')!,
);
