// The welcome page's first card: for each setup state, the one thing left to do (or that nothing is), in the first screen.
import type { JSX } from 'preact';
import type { HostStatus } from '../../shared/core/host-status';
import { ConsentAsk } from '../../ui/components/consent-ask';
import { HelperChecks } from '../../ui/components/helper-checks';
import { CheckAgain, HelperSetup, useCheckAgain } from '../../ui/components/helper-setup';
import { SetupAction } from '../../ui/components/setup-status';
import { openSetupTarget, useClient } from '../../ui/connection/surface-client';
import { aiName, setupLine, type SetupState } from '../../ui/setup-state';
import { PinHint } from './pin-hint';

const RUN_IT = 'Run this in a terminal (it needs Node.js 20.12 or newer), then press Check again:';

interface StepProps {
  host: HostStatus;
  start: JSX.Element;
  check: ReturnType<typeof useCheckAgain>;
}

/** One entry per state: a new state fails the typecheck until it has its words here. */
const STEPS: Record<SetupState, { title: string; body(p: StepProps): JSX.Element }> = {
  checking: {
    title: 'Looking for the helper…',
    body: () => <p class="muted">This takes a moment.</p>,
  },
  'helper-missing': {
    title: 'One step left: install the helper',
    body: ({ host }) => (
      <>
        <p>
          The helper is a small program on your computer. It tells antidrift which app window is in front, and runs the AI you already use
          in a terminal (claude, codex, gemini, qwen, ollama or llm) with no tools. You install it once; the browser starts it by itself
          from then on.
        </p>
        <HelperSetup host={host} advice={RUN_IT} />
      </>
    ),
  },
  'helper-stopped': {
    title: 'The helper is installed, but it did not start',
    body: ({ host }) => (
      <>
        <p>
          The browser found the helper and started it, but it stopped before it answered. Installing it again repairs most installations;
          the check below says what else is wrong.
        </p>
        <HelperSetup host={host} advice={RUN_IT} />
      </>
    ),
  },
  'helper-older': {
    title: 'Update the helper',
    body: ({ host }) => (
      <>
        <HelperSetup host={host} />
        <p class="hint">Your settings, lists and history stay as they are.</p>
      </>
    ),
  },
  'helper-newer': {
    title: 'The helper is newer than this extension',
    body: ({ host }) => (
      <>
        <HelperSetup host={host} />
        <p class="hint">To update the extension, install its new release the way you installed this one. Your settings stay.</p>
      </>
    ),
  },
  'no-ai': {
    title: 'The helper is connected',
    body: ({ host, start, check }) => (
      <>
        <p>
          {host.chosenBackend
            ? `But ${aiName(host.chosenBackend)}, the AI you chose, is not available.`
            : 'But it found no AI on this computer.'}{' '}
          Your blocked and allowed sites and apps work now. For the AI judge and the heads-up, install and sign in to one of{' '}
          {host.backends.map((b) => b.name).join(', ') || 'claude, codex, gemini, qwen, ollama or llm'}, then check again.
        </p>
        <div class="row wrap">
          {start}
          <CheckAgain check={check} />
        </div>
      </>
    ),
  },
  'ai-consent': {
    title: 'One question before the AI starts',
    body: ({ host, start }) => (
      <>
        {host.consent ? <ConsentAsk ask={host.consent} /> : null}
        <div class="row wrap">{start}</div>
      </>
    ),
  },
  'ai-not-now': {
    title: 'The helper is connected; the AI is off',
    body: ({ host, start }) => (
      <>
        <p>
          You chose not to send anything to {host.consent?.to}, so nothing goes there. Your blocked and allowed sites and apps work; the AI
          judge and the heads-up wait until you allow an AI.
        </p>
        {host.consent ? <ConsentAsk ask={host.consent} /> : null}
        <div class="row wrap">{start}</div>
      </>
    ),
  },
  'browser-model-only': {
    title: 'antidrift works in this browser already',
    body: ({ host, start }) => (
      <>
        <p>The browser's built-in model judges your tabs, on this computer. Install the helper to see your desktop apps too.</p>
        <HelperSetup host={host} advice={RUN_IT} />
        <div class="row wrap">{start}</div>
      </>
    ),
  },
  ready: {
    title: 'You are all set',
    body: ({ host, start }) => (
      <>
        <p data-testid="welcome-ready">
          The helper is connected{host.activeBackend ? ` and the AI is ${aiName(host.activeBackend)}` : ''}. Start with the one thing you
          will do next, and how you will know it is done.
        </p>
        <div class="row wrap">{start}</div>
      </>
    ),
  },
};

export function NextStep({ host, state }: { host: HostStatus; state: SetupState }) {
  const client = useClient();
  const env = client.environment();
  const step = STEPS[state];
  const check = useCheckAgain(host);
  const start = (
    <button type="button" class="primary" data-testid="start-first-session" onClick={client.openPopup}>
      Start your first session
    </button>
  );
  const startsHere =
    state === 'ready' || state === 'no-ai' || state === 'ai-consent' || state === 'ai-not-now' || state === 'browser-model-only';
  const connected = host.connection === 'connected';
  return (
    <section class="card next-step" aria-labelledby="next-step-title" data-testid="next-step">
      <h2 id="next-step-title">
        {connected ? (
          <span class="check" aria-hidden="true">
            ✓{' '}
          </span>
        ) : null}
        {step.title}
      </h2>
      <div class="stack">
        {step.body({ host, start, check })}
        {startsHere ? <PinHint kind={env.browser} /> : null}
        <SetupAction line={setupLine(host, env.version)} here={['welcome']} onOpen={(to) => openSetupTarget(client, to)} />
        {state === 'ready' || state === 'checking' || state === 'ai-consent' || state === 'ai-not-now' ? null : <HelperChecks env={env} />}
      </div>
    </section>
  );
}
