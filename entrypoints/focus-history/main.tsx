// History page entry: opens the history database (same origin as the service worker) and mounts the page.
import '../../shared/core/zod-jitless';
import { render } from 'preact';
import { HistoryDb } from '../../storage/history-db';
import { browserClient } from '../../ui/connection/browser-client';
import { ClientProvider } from '../../ui/connection/surface-client';
import { HistoryPage } from './history-page';
import { errorText } from '../../shared/util/error-text';
import '../../ui/theme.css';
import '../../ui/timeline.css';
import './history.css';

const root = document.getElementById('app')!;
const client = browserClient();

HistoryDb.open().then(
  (db) =>
    render(
      <ClientProvider client={client}>
        <HistoryPage source={db} />
      </ClientProvider>,
      root,
    ),
  (error: unknown) =>
    render(
      <main class="page history">
        <h1 class="title">antidrift history</h1>
        <p class="error" role="alert">
          Could not open the history: {errorText(error)}
        </p>
      </main>,
      root,
    ),
);
