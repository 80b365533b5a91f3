// On Linux: what works when this browser comes from Snap or Flatpak, and the one command its sandbox may need.
import { sandboxedSpecsFor } from '../../shared/protocol/sandboxed-browsers';
import type { ExtensionEnvironment } from '../install-command';

export function SandboxHelp({ env }: { env: ExtensionEnvironment }) {
  const specs = env.linux ? sandboxedSpecsFor(env.browser) : [];
  if (specs.length === 0) return null;
  return (
    <details class="more" data-testid="sandbox-help">
      <summary>Is this browser from Snap or Flatpak?</summary>
      <p class="hint">Its sandbox decides whether it can start the helper. The install command registers it there too.</p>
      {specs.map((spec) => (
        <div key={spec.label} class="sandbox-advice" data-testid="sandbox-advice">
          <p>
            <strong>{spec.label}.</strong> {spec.advice}
          </p>
          {spec.command ? <code class="command">{spec.command}</code> : null}
        </div>
      ))}
    </details>
  );
}
