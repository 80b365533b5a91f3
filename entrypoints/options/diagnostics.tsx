// Options → Helper → Diagnostics: the connection as the browser reported it (its own words too), the watcher, the backends, the log.
import type { HostStatus } from '../../shared/core/host-status';
import type { DiagnosticEntry } from '../../shared/messages/requests';
import { TableHead } from '../../ui/components/table-head';

export function Diagnostics({ host, log }: { host: HostStatus | null; log: DiagnosticEntry[] }) {
  return (
    // Open by itself when the helper stopped: then the browser's words and the log are the way to a fix.
    <details class="more" data-testid="host-diagnostics" open={host?.connection === 'disconnected'}>
      <summary>Diagnostics</summary>
      <dl class="facts">
        <dt>Connection</dt>
        <dd>{host?.connection ?? 'unknown'}</dd>
        {host?.error ? (
          <>
            <dt>The browser said</dt>
            <dd data-testid="host-error">{host.error}</dd>
          </>
        ) : null}
        <dt>Helper version</dt>
        <dd>{host?.hostVersion ?? '—'}</dd>
        <dt>Platform</dt>
        <dd>{host?.platform ?? '—'}</dd>
        <dt>Window watcher</dt>
        <dd>
          {host?.watcher ? `${host.watcher.state} (${host.watcher.kind})${host.watcher.message ? ` — ${host.watcher.message}` : ''}` : '—'}
        </dd>
        {host?.watcher?.why ? (
          <>
            <dt>Chosen because</dt>
            <dd data-testid="watcher-why">{host.watcher.why}</dd>
          </>
        ) : null}
        {host?.watcher?.skipped?.length ? (
          <>
            <dt>Not chosen</dt>
            <dd>
              <ul class="watcher-skipped" data-testid="watcher-skipped">
                {host.watcher.skipped.map((s) => (
                  <li key={s.kind}>
                    {s.kind}: {s.why}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {host?.backends.length ? (
        <div class="table-scroll">
          <table class="backends">
            <TableHead columns={['Backend', 'Status', 'Path']} />
            <tbody>
              {host.backends.map((b) => (
                <tr key={b.name}>
                  <td>{b.name}</td>
                  <td>{b.available ? `available${b.version ? ` (${b.version})` : ''}` : `unavailable: ${b.problem ?? 'not found'}`}</td>
                  <td>
                    <code>{b.path ?? '—'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <h3 class="label" id="recent-log">
        Recent log
      </h3>
      {log.length ? (
        // It scrolls once long: focusable, so a keyboard can scroll it too.
        <ol class="log" tabIndex={0} aria-labelledby="recent-log">
          {log.map((entry, i) => (
            <li key={`${entry.at}-${i}`} class={`log-${entry.level}`}>
              <time>{new Date(entry.at).toLocaleTimeString()}</time> <span class="level">{entry.level}</span>{' '}
              <span data-testid="diagnostic-message">{entry.message}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p class="hint">No entries.</p>
      )}
    </details>
  );
}
