// Options: the browser's built-in model — its state, and a download a person starts, follows and can cancel.
import { useEffect, useRef, useState } from 'preact/hooks';
import { languageModelApi, MODEL_OPTIONS } from '../../shared/ai/prompt-api';
import type { HostStatus } from '../../shared/core/host-status';
import { errorText } from '../../shared/util/error-text';
import { useClient } from '../connection/surface-client';
import { capitalize } from '../format';

type Download = { state: 'idle' } | { state: 'running'; loaded: number } | { state: 'failed'; message: string } | { state: 'cancelled' };

export function BrowserModelPanel({ host }: { host: HostStatus }) {
  const client = useClient();
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const { status, line } = host.ports.browser;
  const canDownload = status.availability === 'downloadable' || status.availability === 'downloading';

  // Started from the click itself: the browser downloads the model only for a page with user activation.
  const start = () => {
    const api = languageModelApi(globalThis);
    if (!api) return setDownload({ state: 'failed', message: 'this browser has no built-in model' });
    const controller = new AbortController();
    abort.current = controller;
    setDownload({ state: 'running', loaded: 0 });
    api
      .create({
        ...MODEL_OPTIONS,
        signal: controller.signal,
        monitor: (m) =>
          m.addEventListener('downloadprogress', (e) =>
            setDownload({ state: 'running', loaded: (e as Event & { loaded?: number }).loaded ?? 0 }),
          ),
      })
      .then(
        (session) => {
          // Only the download was wanted: the worker makes its own sessions.
          session.destroy();
          setDownload({ state: 'idle' });
        },
        (error: unknown) =>
          setDownload(controller.signal.aborted ? { state: 'cancelled' } : { state: 'failed', message: errorText(error) }),
      )
      .finally(() => {
        abort.current = null;
        void client.request({ type: 'checkAIPorts' });
      });
  };

  return (
    <div class="field" data-testid="browser-model-panel">
      <span class="label">The browser's built-in model</span>
      <p class="hint" data-testid="browser-model-line">
        {capitalize(line)}
      </p>
      {download.state === 'running' ? (
        <div class="row">
          <progress data-testid="browser-model-progress" max={1} value={download.loaded} aria-label="Download of the built-in model" />
          <span>{Math.round(download.loaded * 100)} %</span>
          <button type="button" data-testid="browser-model-cancel" onClick={() => abort.current?.abort()}>
            Cancel
          </button>
        </div>
      ) : canDownload ? (
        <div class="row">
          <button type="button" data-testid="browser-model-download" onClick={start}>
            Download the built-in model
          </button>
        </div>
      ) : null}
      {download.state === 'failed' ? (
        <p class="result error" role="status">
          The download failed: {download.message}
        </p>
      ) : download.state === 'cancelled' ? (
        <p class="result" role="status">
          The download was cancelled.
        </p>
      ) : null}
      {status.availability === 'available' && host.connection !== 'connected' ? (
        <p class="hint" data-testid="browser-model-helper-note">
          Tab titles are judged by the built-in model without the helper; apps outside the browser are seen only with the helper installed
          (Helper, above).
        </p>
      ) : null}
    </div>
  );
}
