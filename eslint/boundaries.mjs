// The architecture's import boundaries, as options for the layer-imports rule (see docs/ARCHITECTURE.md).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

/** Modules the toolbar popup and the content script may load: nothing here may pull in zod, at any depth. */
export const ZOD_FREE = [
  'entrypoints/popup/**',
  'entrypoints/content/**',
  'entrypoints/blocked/**',
  'ui/**',
  'locale/**',
  'test-hooks/**',
  'shared/util/**',
  'shared/extension-pages',
  'shared/protocol/{protocol-limits,extension-id,sandboxed-browsers,browser-ids,system-prompt}',
  'shared/core/{ai-consent,badge,browser-model-line,commitment,core-limits,failure-text,list-entry,rhythm,session-blocking,site-parts,vocabulary}',
  'shared/core/controller/{events,handler,toast-slice}',
  'shared/ai/{answer-schemas,errors,extract-json,parse-object,prompt-api,prompt-data,sanitize,vocabulary}',
  'shared/messages/{guards,state-port}',
  'shared/history/{history-limits,aggregate,bands,week-start}',
  'shared/goal/goal-words',
  'shared/plan/week',
  'shared/strict/{block-page-url,block-rules,page-guard,site-entry,start-problems}',
  'shared/later/later-limits',
];

/** The folders of `shared/` that declare a feature (`shared/<name>/<name>-feature.ts`, listed in shared/features.ts). */
export function featuresIn(root) {
  return readdirSync(join(root, 'shared'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'shared', entry.name, `${entry.name}-feature.ts`)))
    .map((entry) => entry.name)
    .sort();
}

/** The features that are modules above the core, each in its own folder of `shared/` and of `background/`. */
export const FEATURES = featuresIn(ROOT);

/** The feature the others may build on: the history (the plan reads it; it reads none of them). */
const BASE_FEATURES = ['history'];

/** One rule per feature: its folder under `layer` imports no other feature's folder there (`shared-plan`, `background-sync`, …). */
function featuresApart(features, layer, because) {
  return features.map((feature) => ({
    name: `${layer}-${feature}`,
    files: [`${layer}/${feature}/**`],
    deny: features
      .filter((other) => other !== feature && (BASE_FEATURES.includes(feature) || !BASE_FEATURES.includes(other)))
      .map((other) => `${layer}/${other}/**`),
    typesToo: true,
    because,
  }));
}

const NODE_BUILTINS = ['node:*', '{fs,path,os,child_process,net,crypto,util,stream,process,events,url,worker_threads}{,/**}'];

/** The boundaries for a tree whose features are `features` (the probe test passes its own). */
export const boundariesFor = (features) => [
  {
    name: 'core',
    files: ['shared/**'],
    allow: ['shared/**'],
    allowPackages: ['zod', 'zod/**'],
    typesToo: true,
    because:
      'shared/ is the pure core and the wire schemas: no browser, Node, entrypoint, background or UI code; time and I/O come in as arguments',
  },
  {
    name: 'ai-leaf',
    files: ['shared/ai/**'],
    allow: ['shared/ai/**', 'shared/util/**'],
    typesToo: true,
    because:
      'the AI roles are a leaf: they take primitives and limits as arguments and define the types they answer with; the core imports them, never the reverse',
  },
  {
    name: 'core-owns-failure',
    files: ['shared/core/**'],
    deny: ['shared/messages/**'],
    typesToo: true,
    because: 'the core owns its vocabulary (Failure included); the runtime messages are built on the core, not the other way round',
  },
  {
    name: 'core-knows-no-feature',
    files: ['shared/core/**'],
    deny: [...features.map((feature) => `shared/${feature}/**`), 'shared/settings/**'],
    typesToo: true,
    because:
      "the features are modules above the core: the core imports none of them (a session's rhythm and a strict session's blocking are the session machine's own), nor the settings record they compose",
  },
  {
    name: 'sections-know-no-record',
    files: features.filter((feature) => feature !== 'sync').map((feature) => `shared/${feature}/**`),
    deny: ['shared/settings/**'],
    typesToo: true,
    because:
      'each feature declares its own settings section; the record composes them, so a section never reads the whole (only sync, which carries the whole record, does)',
  },
  ...featuresApart(features, 'shared', 'a feature does not import another: each builds on the core (and history) alone'),
  {
    name: 'zod-free',
    files: ZOD_FREE,
    allow: ZOD_FREE,
    denyPackages: ['zod', 'zod/**'],
    typesToo: false,
    because:
      'the popup and the content script load no zod: value imports stay inside the zod-free set (type imports are free; add a module to ZOD_FREE only if it imports no zod)',
  },
  {
    name: 'host',
    files: ['native-host/**'],
    allow: ['native-host/**', 'shared/protocol/**', 'shared/util/**'],
    typesToo: true,
    because: 'the host and the extension meet only through shared/protocol',
  },
  {
    name: 'desktops-know-no-installer',
    files: ['native-host/src/desktops/**', 'native-host/src/watcher/**'],
    deny: ['native-host/src/install/**'],
    typesToo: true,
    because:
      'the running helper evaluates every desktop spec to answer hello: what install and doctor hand a desktop is typed in desktops/hooks.ts, and install imports the desktops, never the reverse',
  },
  {
    name: 'test-hooks',
    files: ['test-hooks/**'],
    allow: ['test-hooks/**'],
    allowPackages: ['wxt/browser', '@wxt-dev/browser'],
    typesToo: true,
    because: 'the end-to-end test hooks are a leaf that every other build drops: they import nothing of the product',
  },
  {
    name: 'extension',
    files: ['background/**', 'entrypoints/**', 'ui/**', 'storage/**', 'locale/**', 'test-hooks/**'],
    deny: ['native-host/**', 'tests/**', 'bench/**', 'eval/**', 'harness/**'],
    denyPackages: NODE_BUILTINS,
    typesToo: true,
    because: 'extension code runs in the browser: it reaches the host only over native messaging',
  },
  {
    name: 'pages',
    files: ['entrypoints/{popup,options,content,focus-history,welcome,blocked}/**', 'ui/**'],
    deny: ['background/**'],
    typesToo: false,
    because: 'pages and content scripts talk to the background through runtime messages, not imports',
  },
  {
    name: 'shell',
    files: ['background/**'],
    deny: ['ui/**', 'entrypoints/**'],
    typesToo: true,
    because:
      "the shell knows no page: what both use (the pages' paths, the local calendar) lives in shared/ or locale/, so a page can change without the worker",
  },
  ...featuresApart(features, 'ui', "a feature's slots in the surfaces (ui/<name>/) do not import another feature's"),
  ...featuresApart(
    features,
    'background',
    "each feature wires itself into the worker on its own: the features' shells do not import each other",
  ),
  {
    name: 'worker-core-knows-no-feature',
    files: ['background/**'],
    except: ['background/features', ...features.map((feature) => `background/${feature}/**`)],
    deny: features.flatMap((feature) => [`background/${feature}/**`, `shared/${feature}/**`]),
    typesToo: true,
    because:
      "the worker's core names no feature: each declares itself (background/<name>/<name>-feature.ts), and background/features.ts alone lists them",
  },
  {
    name: 'locale',
    files: ['locale/**'],
    allow: ['locale/**', 'shared/**'],
    typesToo: true,
    because:
      "the local calendar adapts the core's Calendar port to the browser's time zone: it builds on the core, and both the shell and the pages use it",
  },
  {
    name: 'tests',
    files: ['tests/**'],
    deny: ['bench/**'],
    typesToo: true,
    because: 'the tests and the bench share fixtures through harness/, never each other, so either can change alone',
  },
  {
    name: 'bench',
    files: ['bench/**'],
    deny: ['tests/**'],
    typesToo: true,
    because: 'the tests and the bench share fixtures through harness/, never each other, so either can change alone',
  },
  {
    name: 'harness',
    files: ['harness/**'],
    deny: ['tests/**', 'bench/**'],
    typesToo: true,
    because: 'harness/ is what the tests and the bench share: it depends on neither',
  },
];

export const BOUNDARIES = boundariesFor(FEATURES);
