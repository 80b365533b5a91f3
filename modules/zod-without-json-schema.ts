// WXT module: zod's JSON Schema generator left out of the extension's bundles (18 KB of the worker's, evaluated at every wake).
// zod 4's classic schemas give every instance a `toJSONSchema()`, so a bundler keeps the generator although nothing
// here calls it (the built-in model's answer schemas are written by hand: shared/ai/answer-schemas.ts). In its place a
// module whose every entry says it is not in this build. The build fails if zod is bundled without the swap (an upgrade
// that moved the files), and a named import the stand-in lacks fails it too. The helper's build keeps zod whole.
import type { Plugin } from 'vite';
import { addViteConfig, defineWxtModule } from 'wxt/modules';

const ABSENT_ID = '\0antidrift:zod-json-schema-absent';
const ZOD_V4 = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/;
const GENERATOR_FILES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema|json-schema-generator)\.js$/;

/** What zod imports from the generator's files by name; everything else it reaches through a namespace, only when generating. */
export const ABSENT_SOURCE = `const absent = () => { throw new Error("zod's JSON Schema generator is not in this build"); };
export const toJSONSchema = absent;
export const createToJSONSchemaMethod = () => absent;
export const createStandardJSONSchemaMethod = () => absent;
export class JSONSchemaGenerator { constructor() { absent(); } }
`;

export function zodWithoutJsonSchema(): Plugin {
  let zodBundled = false;
  let swapped = false;
  return {
    name: 'antidrift:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      zodBundled = false;
      swapped = false;
    },
    async resolveId(source, importer) {
      if (!importer || !ZOD_V4.test(importer)) return null;
      zodBundled = true;
      if (!source.includes('json-schema')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || !GENERATOR_FILES.test(resolved.id)) return null;
      swapped = true;
      return ABSENT_ID;
    },
    load(id) {
      return id === ABSENT_ID ? ABSENT_SOURCE : null;
    },
    buildEnd(error) {
      if (!error && zodBundled && !swapped)
        this.error("zod is bundled but its JSON Schema generator's files were never imported; update modules/zod-without-json-schema.ts");
    },
  };
}

export default defineWxtModule({
  name: 'zod-without-json-schema',
  setup(wxt) {
    addViteConfig(wxt, () => ({ plugins: [zodWithoutJsonSchema()] }));
  },
});
