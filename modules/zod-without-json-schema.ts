// WXT module: zod's JSON Schema generator left out of the extension's bundles (18 KB of the worker's, evaluated at every wake).
// zod 4's classic schemas give every instance a `toJSONSchema()`, so a bundler keeps the generator although nothing
// here calls it (the built-in model's answer schemas are written by hand: shared/ai/answer-schemas.ts). In its place a
// module whose every entry says it is not in this build. The build fails if zod is bundled without the swap (an upgrade
// that moved the files), and a named import the stand-in lacks fails it too. The helper's build keeps zod whole.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { addViteConfig, defineWxtModule } from 'wxt/modules';

const ABSENT_PREFIX = '\0antidrift:zod-json-schema-absent:';
const ZOD_V4 = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/;
const GENERATOR_FILES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema|json-schema-generator)\.js$/;

/** Each of zod's calls made while a schema is built gets a function back; only generating throws. */
const FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/**
 * The stand-in for one of the generator's files: every name it exports, each saying it is not in this build. Every
 * name, not only those zod imports by name: zod also reads the processors through a namespace, and a member the
 * stand-in lacked became a call of `undefined` in the bundle, which AMO's linter (web-ext lint) warns about.
 */
export function absentSource(generatorSource: string): string {
  const names = new Set<string>();
  for (const m of generatorSource.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]!);
  for (const m of generatorSource.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  const lines = [`const absent = () => { throw new Error("zod's JSON Schema generator is not in this build"); };`];
  for (const name of [...names].sort()) {
    if (name === 'JSONSchemaGenerator') lines.push(`export class JSONSchemaGenerator { constructor() { absent(); } }`);
    else lines.push(`export const ${name} = ${FACTORIES.has(name) ? '() => absent' : 'absent'};`);
  }
  return `${lines.join('\n')}\n`;
}

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
      return `${ABSENT_PREFIX}${resolved.id}`;
    },
    async load(id) {
      if (!id.startsWith(ABSENT_PREFIX)) return null;
      return absentSource(await readFile(id.slice(ABSENT_PREFIX.length), 'utf8'));
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
