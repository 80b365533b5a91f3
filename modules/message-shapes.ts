// WXT module: derives the zod-free checks of the pushes from their zod schemas at build time (one definition).
// The surfaces import `virtual:antidrift/message-shapes`; each export is the compact JSON Schema of one
// message in shared/messages/pushes.ts, which shared/messages/guards.ts checks without loading zod.
// Schema edits need a restart of `wxt` dev: the shapes are computed when the config loads.
import type { Plugin } from 'vite';
import { addViteConfig, defineWxtModule } from 'wxt/modules';
import { compactShape } from '../shared/messages/compact-shape';
import { CHECKED_MESSAGES } from '../shared/messages/pushes';

export const MESSAGE_SHAPES_MODULE = 'virtual:antidrift/message-shapes';
const RESOLVED = `\0${MESSAGE_SHAPES_MODULE}`;

/** The Vite plugin itself, for the WXT build and for vitest. */
export function messageShapesPlugin(): Plugin {
  let source: string | undefined;
  return {
    name: 'antidrift:message-shapes',
    resolveId: (id) => (id === MESSAGE_SHAPES_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      // One named export per message, so a bundle carries only the shapes it checks.
      source ??= Object.entries(CHECKED_MESSAGES)
        .map(([name, schema]) => `export const ${name} = ${JSON.stringify(compactShape(schema, name))};`)
        .join('\n');
      return source;
    },
  };
}

export default defineWxtModule({
  name: 'message-shapes',
  setup(wxt) {
    addViteConfig(wxt, () => ({ plugins: [messageShapesPlugin()] }));
  },
});
