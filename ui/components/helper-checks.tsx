// One click away wherever the helper is set up: the command that checks the installation, and help for Snap and Flatpak browsers.
import { doctorCommand, type ExtensionEnvironment } from '../install-command';
import { SandboxHelp } from './sandbox-help';

export function HelperChecks({ env }: { env: ExtensionEnvironment }) {
  return (
    <div class="helper-checks">
      <details class="more" data-testid="helper-doctor">
        <summary>Not working? Check the installation</summary>
        <p class="hint">
          Run this in a terminal: it checks the registration, the launcher and a real answer from the helper, and says what to fix.
        </p>
        <code class="command" data-testid="doctor-command">
          {doctorCommand(env)}
        </code>
        <p class="hint">
          This copy of antidrift: {env.browser}, version {env.version}, extension ID <code>{env.extensionId}</code>.
        </p>
      </details>
      <SandboxHelp env={env} />
    </div>
  );
}
