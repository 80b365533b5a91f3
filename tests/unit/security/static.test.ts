// Static guards: no shell strings anywhere in product code, and only the extension's own IDs reach the host (the built
// manifests are checked in tests/host/built-manifests.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID, GECKO_ID } from '../../../shared/protocol/extension-id';
import { buildManifest } from '../../../native-host/src/install/manifest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PRODUCT_DIRS = ['native-host/src', 'background', 'shared', 'entrypoints', 'modules', 'ui'];

function sourceFiles(dir: string): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const path = join(full, name);
    if (statSync(path).isDirectory()) return sourceFiles(relative(ROOT, path));
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts') ? [relative(ROOT, path)] : [];
  });
}

/** Source without comments, so prose about shells does not trip the scan. */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
}

const FILES = PRODUCT_DIRS.flatMap(sourceFiles);

/** Every place allowed to start a process, and why. */
const SPAWN_SITES: Record<string, string> = {
  'native-host/src/runner/spawn-capture.ts': 'backends: resolved binary + argv array',
  'native-host/src/runner/login-shell-path.ts': 'the one documented login-shell PATH probe',
  'native-host/src/runner/process-group.ts': 'taskkill on Windows',
  'native-host/src/install/registry.ts': 'reg.exe for Windows registrations',
  'native-host/src/install/round-trip.ts': 'doctor: the registered launcher, as a browser starts it',
  'native-host/src/watcher/helper-source.ts': 'the window-watcher helper (fixed scripts)',
};

describe('no shell strings', () => {
  it('scans a real tree', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(FILES).toContain('native-host/src/runner/spawn-capture.ts');
  });

  it('never enables a shell, never uses exec/execSync/execFileSync, eval or new Function', () => {
    const offenders: string[] = [];
    for (const file of FILES) {
      const text = code(file);
      const checks: Array<[RegExp, string]> = [
        [/shell\s*:\s*(true|['"`])/, 'shell: true'],
        [/(?<![.\w])(exec|execSync|execFileSync|spawnSync)\s*\(/, 'exec-style call'], // RegExp#exec is fine
        [/child_process['"]\)\s*\.\s*exec\b/, 'child_process.exec'],
        [
          /import\s*\{[^}]*\b(exec|execSync|execFile|execFileSync|spawnSync|fork)\b[^}]*\}\s*from\s*['"](node:)?child_process['"]/,
          'exec import',
        ],
        [/\beval\s*\(|new\s+Function\s*\(/, 'eval'],
      ];
      for (const [pattern, what] of checks) if (pattern.test(text)) offenders.push(`${file}: ${what}`);
    }
    expect(offenders).toEqual([]);
  });

  it('only the known files start processes, each spawn passes an argv array and shell: false', () => {
    const spawning = FILES.filter((file) => /\bspawn\s*\(/.test(code(file)) || /child_process/.test(code(file)));
    expect(spawning.sort()).toEqual(Object.keys(SPAWN_SITES).sort());
    for (const file of spawning) {
      const text = code(file);
      const calls = [...text.matchAll(/\bspawn\s*\(/g)];
      expect(calls.length, file).toBeGreaterThan(0);
      for (const call of calls) {
        const args = text.slice(call.index, call.index + 400);
        // A single command string with spaces would need a shell to split it.
        expect(args, file).not.toMatch(/^spawn\s*\(\s*(['"`])[^'"`]*\s[^'"`]*\1\s*[,)]/);
        // The second argument is an argv array (a literal or a named array), the options say shell: false.
        expect(args, file).toMatch(/^spawn\s*\(\s*[^,]+,\s*(\[|[\w.]+\s*,)/);
        expect(args, file).toMatch(/shell:\s*false/);
      }
    }
  });

  it('the login-shell probe is fixed text: no parameter, no interpolation, the shell only from $SHELL or /bin/sh', () => {
    const text = code('native-host/src/runner/login-shell-path.ts');
    expect(text).toContain(`spawn(shell, ['-lc', 'printf %s "$PATH"'], {`);
    expect(text).toMatch(/function probe\(\): Promise<string\[\]>/);
    expect(text).toMatch(/export function loginShellPath\(\): Promise<string\[\]>/);
    expect(text).toMatch(/const shell = shellEnv && isAbsolute\(shellEnv\) \? shellEnv : '\/bin\/sh';/);
    // Among the places that start processes, this is the only one handing a script to a shell
    // (codex's own `-c key=value` flags are backend argv, started by spawn-capture without a shell).
    const scripts = Object.keys(SPAWN_SITES).filter((file) => /['"](-l?c|\/c)['"]/.test(code(file)));
    expect(scripts).toEqual(['native-host/src/runner/login-shell-path.ts']);
  });
});

describe('who can reach the extension', () => {
  it('host access serves only the block page: declarativeNetRequest is used by the blocking adapter alone, and only to redirect', () => {
    const users = FILES.filter((file) => /declarativeNetRequest/.test(code(file)));
    expect(users).toEqual(['background/strict/browser-blocking.ts']);
    const rules = code('shared/strict/block-rules.ts');
    expect(rules.match(/type: '(\w+)'/g)).toEqual(["type: 'redirect'", "type: 'redirect'"]);
  });

  it('the native host answers only the extension IDs it was installed for', () => {
    const other = 'abcdefghijklmnopabcdefghijklmnop';
    expect(buildManifest('chromium' as never, '/x/antidrift-host', [EXTENSION_ID]).allowed_origins).toEqual([
      `chrome-extension://${EXTENSION_ID}/`,
    ]);
    expect(buildManifest('chromium' as never, '/x/antidrift-host', [other, EXTENSION_ID, other]).allowed_origins).toEqual([
      `chrome-extension://${other}/`,
      `chrome-extension://${EXTENSION_ID}/`,
    ]);
    expect(buildManifest('firefox' as never, '/x/antidrift-host', [EXTENSION_ID]).allowed_extensions).toEqual([GECKO_ID]);
  });
});
