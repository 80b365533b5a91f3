// Options: native host status, diagnostics (recent log, backends, watcher), reconnect, install help.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { HostStatus } from '../../shared/core/host-status';
import type { DiagnosticEntry } from '../../shared/messages/requests';
import { HostStatusLine } from '../../ui/components/host-status-line';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { Section } from './field';
import { doctorCommand } from '../../ui/install-command';
import { HelperSetup } from '../../ui/components/helper-setup';
import { TableHead } from '../../ui/components/table-head';

export function HostSection({ host }: { host: HostStatus | null }) {
  const client = useClient();
  const env = client.environment();
  const [log, setLog] = useState<DiagnosticEntry[]>([]);
  const [note, setNote] = useState('');
  const [reconnecting, setReconnecting] = useState(false);

  const refresh = useCallback(async () => {
    const reply = await client.request({ type: 'getDiagnostics' });
    if (reply.ok) setLog(reply.value);
    else setNote(`Could not read diagnostics: ${replyError(reply)}`);
  }, [client]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const reconnect = async () => {
    setReconnecting(true);
    setNote('');
    const reply = await client.request({ type: 'reconnectHost' });
    setReconnecting(false);
    setNote(reply.ok ? 'Reconnecting…' : `Reconnect failed: ${replyError(reply)}`);
    await refresh();
  };

  return (
    <Section title="Native host" id="host-title">
      {host ? (
        <HostStatusLine host={host} />
      ) : (
        <p data-testid="host-status" class="muted">
          Waiting for status…
        </p>
      )}
      <div class="row">
        <button type="button" data-testid="host-reconnect" onClick={() => void reconnect()} disabled={reconnecting}>
          Reconnect
        </button>
        {note ? (
          <span class="muted" role="status">
            {note}
          </span>
        ) : null}
      </div>
      <div class="field">
        <span class="label">
          The helper for this browser ({env.browser}, extension {env.version})
        </span>
        <HelperSetup host={host} always />
        <span class="label">Check the installation</span>
        <code class="command" tabIndex={0} role="region" aria-label="Check command">
          {doctorCommand(env)}
        </code>
        <p class="hint">
          Run in a terminal; it needs Node.js 20 or newer. Extension ID: <code>{env.extensionId}</code>
        </p>
      </div>
      <details data-testid="host-diagnostics" open={host?.connection !== 'connected'}>
        <summary>Diagnostics</summary>
        <dl class="facts">
          <dt>Connection</dt>
          <dd>{host?.connection ?? 'unknown'}</dd>
          <dt>Host version</dt>
          <dd>{host?.hostVersion ?? '—'}</dd>
          <dt>Platform</dt>
          <dd>{host?.platform ?? '—'}</dd>
          <dt>Window watcher</dt>
          <dd>
            {host?.watcher
              ? `${host.watcher.state} (${host.watcher.kind})${host.watcher.message ? ` — ${host.watcher.message}` : ''}`
              : '—'}
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
        ) : null}
        <h3 class="label">Recent log</h3>
        {log.length ? (
          <ol class="log">
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
    </Section>
  );
}
