// `npm run eval` arguments: which backend and model, how many cases, with or without Involves, where the results go.
import { INVOLVES_MODES, type InvolvesMode } from '../cases';
import { MAX_RUNNING } from '../../native-host/src/runner/run-slots';
import { defaultSettings } from '../../shared/settings/stored-settings';
import { BackendName, ModelName } from '../../shared/protocol/frames';
import { RUN_TIMEOUT_MS } from '../../shared/protocol/protocol-limits';

export const USAGE = `npm run eval -- --backend <name> [options]

Runs the labelled cases in eval/cases/ through the built native host and a real backend, the way the
extension asks (same prompts, same parsers), and prints precision, recall and F1 of "drifting", the
false-alarm rate, the nudge's agreement, latency and calls; and for pages of mixed-use sites, the same
figures page by page beside the per-site rule they replaced.

  --backend <name>     claude, codex, gemini, qwen, ollama, llm, a custom backend from host.json, or browser:
                       the browser's built-in model (Chrome 138+), asked inside the extension's own worker
  --browser-path <p>   with --backend browser: the Chrome to run (it loads the built extension; a first run
                       downloads the model into --browser-profile, once)
  --browser-profile <d> its profile (default ~/.local/share/antidrift/eval-browser-profile)
  --headless           run that browser headless (the model may not be offered there)
  --model <name>       the backend's model flag (default: the backend's own default)
  --limit <n>          only the first n cases (in file order)
  --kind <a,b>         only these kinds of commitment (file names in eval/cases/)
  --involves <mode>    what the commitment shown to the judge and the heads-up carries: without (the default: the
                       prompts as before Involves, so the figures compare with earlier runs), with (each commitment's
                       Involves line too), or both: every case asked both ways, the figures side by side with the
                       difference (twice the calls)
  --concurrency <n>    calls at once, 1 to ${MAX_RUNNING} (the host runs at most ${MAX_RUNNING}; default ${MAX_RUNNING})
  --timeout <seconds>  per call (default ${defaultSettings().aiTimeoutSeconds}, as in Options)
  --out <file>         results file (default eval/results.json); a run resumes from it
  --fresh              ignore earlier results and ask every case again
  --strict             exit 1 if any case is answered against its label or fails
`;

export interface EvalArgs {
  backend: string;
  model: string | undefined;
  limit: number | undefined;
  kinds: string[];
  involves: InvolvesMode;
  concurrency: number;
  timeoutSeconds: number;
  out: string | undefined;
  fresh: boolean;
  strict: boolean;
  browserPath: string | undefined;
  browserProfile: string | undefined;
  headless: boolean;
  /** Tests only: a script evaluated in the extension's worker first (a fake LanguageModel). */
  injectScript: string | undefined;
}

export type ParsedArgs = { ok: true; args: EvalArgs } | { ok: false; error: string } | { ok: 'help' };

function positiveInt(text: string | undefined, flag: string, max: number): number | string {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : `${flag} wants a whole number from 1 to ${max}`;
}

export function parseEvalArgs(argv: readonly string[]): ParsedArgs {
  const args: EvalArgs = {
    backend: '',
    model: undefined,
    limit: undefined,
    kinds: [],
    involves: 'without',
    concurrency: MAX_RUNNING,
    timeoutSeconds: defaultSettings().aiTimeoutSeconds,
    out: undefined,
    fresh: false,
    strict: false,
    browserPath: undefined,
    browserProfile: undefined,
    headless: false,
    injectScript: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string | undefined => argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        return { ok: 'help' };
      case '--backend': {
        const parsed = BackendName.safeParse(value());
        if (!parsed.success)
          return { ok: false, error: '--backend wants a backend name (claude, codex, gemini, qwen, ollama, llm, or a custom one)' };
        args.backend = parsed.data;
        break;
      }
      case '--model': {
        const parsed = ModelName.safeParse(value());
        if (!parsed.success) return { ok: false, error: '--model wants a model name on one line' };
        args.model = parsed.data;
        break;
      }
      case '--limit':
      case '--concurrency':
      case '--timeout': {
        const max = flag === '--concurrency' ? MAX_RUNNING : flag === '--timeout' ? RUN_TIMEOUT_MS.max / 1000 : 100_000;
        const n = positiveInt(value(), flag, max);
        if (typeof n === 'string') return { ok: false, error: n };
        if (flag === '--limit') args.limit = n;
        else if (flag === '--concurrency') args.concurrency = n;
        else args.timeoutSeconds = n;
        break;
      }
      case '--kind': {
        const kinds = (value() ?? '').split(',').filter(Boolean);
        if (kinds.length === 0) return { ok: false, error: '--kind wants one or more kinds, comma-separated' };
        args.kinds.push(...kinds);
        break;
      }
      case '--involves': {
        const given = value();
        const mode = INVOLVES_MODES.find((m) => m === given);
        if (!mode) return { ok: false, error: `--involves wants ${INVOLVES_MODES.join(', ')}` };
        args.involves = mode;
        break;
      }
      case '--out': {
        const out = value();
        if (!out) return { ok: false, error: '--out wants a file path' };
        args.out = out;
        break;
      }
      case '--fresh':
        args.fresh = true;
        break;
      case '--headless':
        args.headless = true;
        break;
      case '--browser-path':
      case '--browser-profile':
      case '--inject-script': {
        const path = value();
        if (!path) return { ok: false, error: `${flag} wants a path` };
        if (flag === '--browser-path') args.browserPath = path;
        else if (flag === '--browser-profile') args.browserProfile = path;
        else args.injectScript = path;
        break;
      }
      case '--strict':
        args.strict = true;
        break;
      default:
        return { ok: false, error: `unknown argument "${flag}"` };
    }
  }
  if (!args.backend) return { ok: false, error: '--backend is required' };
  if (args.backend === 'browser' && !args.browserPath)
    return { ok: false, error: '--backend browser wants --browser-path (the Chrome whose built-in model to score)' };
  return { ok: true, args };
}
