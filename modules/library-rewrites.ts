// WXT module: rewrites the two library lines an add-on reviewer's linter flags, so `web-ext lint` has no warning to explain.
// Each rewrite fails the build if its library no longer has the code where it is expected: an upgrade must not bring one back unseen.
import type { Plugin } from 'vite';
import { addViteConfig, defineWxtModule } from 'wxt/modules';

interface Rewrite {
  name: string;
  /** Any file of the package: if one is bundled, `file` must be too. */
  pkg: RegExp;
  file: RegExp;
  find: RegExp;
  replace: string;
}

const REWRITES: Rewrite[] = [
  {
    // DANGEROUS_EVAL. shared/core/zod-jitless.ts already makes zod skip this probe at run time, and MV3 pages forbid eval, so it could only answer false.
    name: "zod's eval probe",
    pkg: /\/node_modules\/zod\//,
    file: /\/node_modules\/zod\/v4\/core\/util\.js$/,
    find: /try \{\s*const F = Function;\s*new F\(""\);\s*return true;\s*\}\s*catch \(_\) \{\s*return false;\s*\}/,
    replace: 'return false;',
  },
  {
    // UNSAFE_VAR_ASSIGNMENT. Nothing here renders raw HTML (ESLint refuses the prop), so the path that would throws instead of assigning.
    name: "Preact's dangerouslySetInnerHTML assignment",
    pkg: /\/node_modules\/preact\//,
    file: /\/node_modules\/preact\/dist\/preact\.(module\.js|mjs)$/,
    find: /\((\w+)\.innerHTML=(\w+)\.__html\)/,
    replace: '(()=>{throw new Error("antidrift renders no raw HTML: dangerouslySetInnerHTML is switched off")})()',
  },
];

export function libraryRewrites(): Plugin {
  const bundled = new Set<Rewrite>();
  const rewritten = new Set<Rewrite>();
  return {
    name: 'antidrift:library-rewrites',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      bundled.clear();
      rewritten.clear();
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      for (const r of REWRITES) {
        if (r.pkg.test(file)) bundled.add(r);
        if (!r.file.test(file)) continue;
        const matches = code.match(new RegExp(r.find.source, 'g')) ?? [];
        if (matches.length !== 1)
          this.error(
            `${r.name}: expected once in ${file}, found ${matches.length} times; update modules/library-rewrites.ts to this version`,
          );
        rewritten.add(r);
        return { code: code.replace(r.find, r.replace), map: null };
      }
      return null;
    },
    buildEnd(error) {
      if (error) return;
      for (const r of bundled)
        if (!rewritten.has(r))
          this.error(`${r.name}: its package is bundled but ${r.file} never was; update modules/library-rewrites.ts to this version`);
    },
  };
}

export default defineWxtModule({
  name: 'library-rewrites',
  setup(wxt) {
    addViteConfig(wxt, () => ({ plugins: [libraryRewrites()] }));
  },
});
