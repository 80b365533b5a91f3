// Options, first section: the helper's status, its install command when something is to be done, reconnect, checks and diagnostics.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { HostStatus } from '../../shared/core/host-status';
import type { DiagnosticEntry } from '../../shared/messages/requests';
import { HelperChecks } from '../../ui/components/helper-checks';
import { HelperPermission } from '../../ui/components/helper-permission';
import { HelperSetup, helperAdvice } from '../../ui/components/helper-setup';
import { SetupStatus } from '../../ui/components/setup-status';
import { replyError, useClient } from '../../ui/connection/surface-client';
import { setupLine } from '../../ui/setup-state';
import { Diagnostics } from './diagnostics';
import { Section } from './field';

export function HelperSection({ host }: { host: HostStatus | null }) {
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

  const line = host ? setupLine(host, env.version) : null;
  // The command leads while there is something to install or update; otherwise it waits behind a click.
  const toDo = host !== null && helperAdvice(host, env.version) !== null;
  // Firefox for Android: nothing to install or reconnect, only what works without the helper.
  const noHelperHere = host?.blocked === 'android';
  return (
    <Section title="Helper" id="helper-title" anchor="helper" data-setup-state={line?.state}>
      {host && line ? (
        <SetupStatus line={line} host={host} />
      ) : (
        <p data-testid="host-status" class="muted">
          Waiting for status…
        </p>
      )}
      {host ? <HelperPermission host={host} /> : null}
      {noHelperHere ? null : toDo ? (
        <HelperSetup host={host} />
      ) : (
        <details class="more" data-testid="helper-reinstall">
          <summary>Install or repair the helper</summary>
          <HelperSetup host={host} always />
        </details>
      )}
      {/* While the command is shown, its Check again does what Reconnect does. */}
      {toDo || noHelperHere ? null : (
        <div class="row wrap">
          <button type="button" data-testid="host-reconnect" onClick={() => void reconnect()} disabled={reconnecting}>
            Reconnect
          </button>
          <span class="muted" role="status">
            {note}
          </span>
        </div>
      )}
      <HelperChecks env={env} />
      <Diagnostics host={host} log={log} />
    </Section>
  );
}
