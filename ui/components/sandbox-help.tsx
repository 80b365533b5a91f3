// Options, on Linux: what works when this browser comes from Snap or Flatpak, and the one command its sandbox may need.
import { sandboxedSpecsFor } from '../../shared/protocol/sandboxed-browsers';
import type { ExtensionEnvironment } from '../install-command';

export function SandboxHelp({ env }: { env: ExtensionEnvironment }) {
  const specs = env.linux ? sandboxedSpecsFor(env.browser) : [];
  if (specs.length === 0) return null;
  return (
    <details class="sandbox-help" data-testid="sandbox-help">
      <summary>Is this browser from Snap or Flatpak?</summary>
      <p class="muted">Its sandbox decides whether it can start the helper. The install command above registers it there too.</p>
      {specs.map((spec) => (
        <div key={spec.label} data-testid="sandbox-advice">
          <p>
            <strong>{spec.label}.</strong> {spec.advice}
          </p>
          {spec.command ? (
            <code class="command" tabIndex={0} role="region" aria-label={`Permission command for ${spec.label}`}>
              {spec.command}
            </code>
          ) : null}
        </div>
      ))}
    </details>
  );
}
