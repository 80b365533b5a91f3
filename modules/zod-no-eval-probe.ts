// WXT module: takes zod's `new Function("")` probe out of the bundles, so an add-on reviewer's linter sees no eval in them.
// shared/core/zod-jitless.ts already makes zod skip the probe at run time; this removes the code itself, and fails the
// build if zod's code no longer has the probe where this expects it (a zod upgrade must not bring it back unseen).
import type { Plugin } from 'vite';
import { addViteConfig, defineWxtModule } from 'wxt/modules';

/** The probe in zod/v4/core/util.js (zod 4): `try { const F = Function; new F(""); return true; } catch (_) { return false; }`. */
const PROBE = /try \{\s*const F = Function;\s*new F\(""\);\s*return true;\s*\}\s*catch \(_\) \{\s*return false;\s*\}/;
const ZOD_UTIL = /\/node_modules\/zod\/v4\/core\/util\.js$/;
const HOW_TO_FIX = 'update modules/zod-no-eval-probe.ts to the new zod, so no bundle carries a Function constructor';

export function zodNoEvalProbe(): Plugin {
  let zodBundled = false;
  let probeRemoved = false;
  return {
    name: 'antidrift:zod-no-eval-probe',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      zodBundled = false;
      probeRemoved = false;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/zod/')) zodBundled = true;
      if (!ZOD_UTIL.test(file)) return null;
      if (!PROBE.test(code)) this.error(`zod's eval probe is not in ${file} as expected: ${HOW_TO_FIX}`);
      probeRemoved = true;
      // MV3 pages forbid eval, so the probe could only ever answer false there.
      return { code: code.replace(PROBE, 'return false;'), map: null };
    },
    buildEnd(error) {
      if (!error && zodBundled && !probeRemoved) this.error(`zod is bundled but zod/v4/core/util.js never was: ${HOW_TO_FIX}`);
    },
  };
}

export default defineWxtModule({
  name: 'zod-no-eval-probe',
  setup(wxt) {
    addViteConfig(wxt, () => ({ plugins: [zodNoEvalProbe()] }));
  },
});
