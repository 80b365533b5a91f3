// What `npm run package` writes to release/: the zips the stores get, the helper's npm package, checksums, one version everywhere.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GECKO_ID } from '../../shared/protocol/extension-id.js';
import { HelloReply, PROTOCOL_VERSION } from '../../shared/protocol/frames.js';
import { spawnHost } from '../../harness/spawn-host.js';
import { TEST_CLOCK_KEY, TEST_IDLE_KEY } from '../../test-hooks/keys.js';

const execFileAsync = promisify(execFile);
const RELEASE = join(process.cwd(), 'release');
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const FILES = [
  `antidrift-${VERSION}-chrome.zip`,
  `antidrift-${VERSION}-firefox.zip`,
  `antidrift-${VERSION}-sources.zip`,
  `antidrift-host-${VERSION}.tgz`,
  'SHA256SUMS',
];

async function zipOf(name: string): Promise<JSZip> {
  return JSZip.loadAsync(readFileSync(join(RELEASE, name)));
}

/** The manifest a packed extension zip holds (what the store reads). */
async function packedManifest(target: 'chrome' | 'firefox'): Promise<unknown> {
  return JSON.parse(await (await zipOf(`antidrift-${VERSION}-${target}.zip`)).file('manifest.json')!.async('string'));
}

async function writeZip(zip: JSZip, dir: string): Promise<void> {
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) continue;
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), await entry.async('nodebuffer'));
  }
}

/** Paths of the files under `dir`, relative, with forward slashes (as in a zip). */
function filesIn(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

let unpacked: string;
beforeAll(async () => {
  for (const file of FILES) expect(existsSync(join(RELEASE, file)), `${file} missing: run \`npm run package\` (npm test does)`).toBe(true);
  unpacked = mkdtempSync(join(tmpdir(), 'antidrift-host-package-'));
  await execFileAsync('tar', ['xzf', join(RELEASE, `antidrift-host-${VERSION}.tgz`), '-C', unpacked]);
});
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));

describe('release/', () => {
  it('holds the five files, and sha256sum -c SHA256SUMS passes', async () => {
    const sums = readFileSync(join(RELEASE, 'SHA256SUMS'), 'utf8').trim().split('\n');
    expect(sums.map((line) => line.split('  ')[1]).sort()).toEqual(FILES.filter((f) => f !== 'SHA256SUMS').sort());
    const check = await execFileAsync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: RELEASE, encoding: 'utf8' });
    expect(check.stdout.trim().split('\n')).toHaveLength(4);
    expect(check.stdout).not.toMatch(/FAILED/);
  });

  it('the Chrome zip: manifest at the root, no key, this version, no source maps, only the extension’s own pages, no browser page taken over', async () => {
    const zip = await zipOf(`antidrift-${VERSION}-chrome.zip`);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as Record<string, unknown>;
    expect(manifest.key).toBeUndefined();
    expect(manifest.version).toBe(VERSION);
    expect(manifest.manifest_version).toBe(3);
    const names = Object.keys(zip.files);
    expect(names.filter((n) => n.endsWith('.map'))).toEqual([]);
    expect(names.filter((n) => n.endsWith('.html')).sort()).toEqual([
      'blocked.html',
      'focus-history.html',
      'in-page.html',
      'options.html',
      'popup.html',
      'privacy.html',
      'welcome.html',
    ]);
    // The browser's own pages stay the browser's: no History (Ctrl+H) or New Tab of ours.
    expect(manifest.chrome_url_overrides).toBeUndefined();
    expect(names).toEqual(expect.arrayContaining(['background.js', 'content-scripts/content.js']));
  });

  it('the Firefox zip: its gecko id and this version; the sources zip: how to rebuild, and no tests', async () => {
    const firefox = await zipOf(`antidrift-${VERSION}-firefox.zip`);
    const manifest = JSON.parse(await firefox.file('manifest.json')!.async('string')) as {
      version: string;
      browser_specific_settings: { gecko: { id: string } };
    };
    expect(manifest.version).toBe(VERSION);
    expect(manifest.browser_specific_settings.gecko.id).toBe(GECKO_ID);
    const sources = await zipOf(`antidrift-${VERSION}-sources.zip`);
    const names = Object.keys(sources.files);
    expect(names).toEqual(
      expect.arrayContaining(['BUILD.md', 'package.json', 'package-lock.json', 'wxt.config.ts', 'entrypoints/popup/popup.tsx']),
    );
    expect(names.filter((n) => /^(tests|bench|harness|docs\/screenshots|docs\/store\/images)\//.test(n))).toEqual([]);
    expect(await sources.file('BUILD.md')!.async('string')).toContain('ANTIDRIFT_RELEASE=1 npx wxt build -b firefox --mv3');
  });

  it('every entry of the three zips is a file with the fixed date, no folder entry (JSZip dates those now): a rebuild zips the same bytes', async () => {
    for (const name of FILES.filter((f) => f.endsWith('.zip'))) {
      const entries = Object.values((await zipOf(name)).files);
      expect(entries.length, name).toBeGreaterThan(0);
      expect(
        entries.filter((e) => e.dir || e.date.getTime() !== Date.UTC(2000, 0, 1)).map((e) => `${e.name} ${e.date.toISOString()}`),
        name,
      ).toEqual([]);
    }
  });

  it('the helper builds the same bytes twice from the same sources (its chunks once took their imports in the order esbuild resolved them)', async () => {
    const built = async () => {
      const out = mkdtempSync(join(tmpdir(), 'antidrift-host-build-'));
      await execFileAsync(process.execPath, ['native-host/build.mjs', '--outdir', out]);
      const files = Object.fromEntries(filesIn(out).map((f) => [f, readFileSync(join(out, f), 'utf8')]));
      rmSync(out, { recursive: true, force: true });
      return files;
    };
    const first = await built();
    expect(Object.keys(first)).toContain('antidrift-host.cjs');
    expect(await built()).toEqual(first);
  });

  it('nativeMessaging: Chrome requires it; Firefox only declares it optional, so Firefox for Android (offered the add-on by gecko_android) installs it', async () => {
    type Manifest = {
      permissions: string[];
      optional_permissions?: string[];
      browser_specific_settings?: { gecko_android?: { strict_min_version?: string } };
    };
    const chrome = (await packedManifest('chrome')) as Manifest;
    const firefox = (await packedManifest('firefox')) as Manifest;
    expect(chrome.permissions).toContain('nativeMessaging');
    expect(chrome.optional_permissions ?? []).not.toContain('nativeMessaging');
    // Firefox for Android refuses to install an add-on whose required permissions name one of these (android-components'
    // AddonManager; mozilla-mobile/fenix#15904, #17629); an optional permission is not refused.
    const refusedOnAndroid = ['nativeMessaging', 'nativeMessagingFromContent', 'geckoViewAddons'];
    expect(firefox.permissions.filter((p) => refusedOnAndroid.includes(p))).toEqual([]);
    expect(firefox.optional_permissions).toEqual(['nativeMessaging']);
    expect(firefox.browser_specific_settings?.gecko_android?.strict_min_version).toBe('142.0');
  });

  it("no script in either extension zip builds code or HTML from a string (eval, the Function constructor, innerHTML = a variable: web-ext lint's warnings)", async () => {
    // zod's probe and Preact's raw-HTML path are rewritten at build time (modules/library-rewrites.ts); no upgrade or new library may bring one in.
    const fromString =
      /\bnew Function\b|\bFunction\(|\beval\(|\bset(?:Timeout|Interval)\(\s*['"`]|\.(?:inner|outer)HTML\s*\+?=(?!=)(?!\s*(?:""|''|``)\s*[,;)])/;
    for (const name of [`antidrift-${VERSION}-chrome.zip`, `antidrift-${VERSION}-firefox.zip`]) {
      const zip = await zipOf(name);
      const scripts = Object.keys(zip.files).filter((f) => f.endsWith('.js'));
      expect(scripts, name).toContain('background.js');
      for (const script of scripts) {
        const found = (await zip.file(script)!.async('string')).match(fromString);
        expect(found?.[0], `${name}: ${script}`).toBeUndefined();
      }
    }
  });

  it('neither extension zip carries the end-to-end test hooks (a clock a test moves, an away state it sets); the end-to-end build does', async () => {
    const hooks = [TEST_CLOCK_KEY, TEST_IDLE_KEY];
    const inFiles = (texts: string[]) => hooks.filter((key) => texts.some((text) => text.includes(key)));
    for (const name of [`antidrift-${VERSION}-chrome.zip`, `antidrift-${VERSION}-firefox.zip`]) {
      const zip = await zipOf(name);
      const texts = await Promise.all(
        Object.values(zip.files)
          .filter((f) => !f.dir)
          .map((f) => f.async('string')),
      );
      expect(inFiles(texts), name).toEqual([]);
    }
    // The same words are what the end-to-end build is made of: the check above looks for the right thing.
    for (const browser of ['chrome-mv3', 'firefox-mv3']) {
      const dir = join(process.cwd(), '.output', 'e2e', browser);
      const texts = filesIn(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
      expect(inFiles(texts), browser).toEqual(hooks);
    }
  });

  it("neither extension zip carries zod's JSON Schema generator (modules/zod-without-json-schema.ts); zod's own file has it", async () => {
    const generator = 'https://json-schema.org/draft/2020-12/schema';
    expect(readFileSync(join(process.cwd(), 'node_modules', 'zod', 'v4', 'core', 'to-json-schema.js'), 'utf8')).toContain(generator);
    for (const name of [`antidrift-${VERSION}-chrome.zip`, `antidrift-${VERSION}-firefox.zip`]) {
      const zip = await zipOf(name);
      const scripts = Object.keys(zip.files).filter((f) => f.endsWith('.js'));
      for (const script of scripts) expect(await zip.file(script)!.async('string'), `${name}: ${script}`).not.toContain(generator);
    }
  });

  it('only the background carries webextension-polyfill: the pages and content scripts use the native promise API (it cost every page ~10 KB)', async () => {
    const marker = 'This script should only be loaded in a browser extension.';
    expect(readFileSync(join(process.cwd(), 'node_modules', 'webextension-polyfill', 'dist', 'browser-polyfill.js'), 'utf8')).toContain(
      marker,
    );
    for (const name of [`antidrift-${VERSION}-chrome.zip`, `antidrift-${VERSION}-firefox.zip`]) {
      const zip = await zipOf(name);
      const carrying: string[] = [];
      for (const script of Object.keys(zip.files).filter((f) => f.endsWith('.js')))
        if ((await zip.file(script)!.async('string')).includes(marker)) carrying.push(script);
      expect(carrying, name).toEqual(['background.js']);
    }
  });

  it('the sources zip rebuilds both extension zips file for file, as BUILD.md says (what AMO reviewers do)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'antidrift-rebuild-'));
    try {
      const sources = await zipOf(`antidrift-${VERSION}-sources.zip`);
      await writeZip(sources, dir);
      // The packages `npm ci` would install from this lockfile are this checkout's (same lockfile): linked, not fetched.
      expect(readFileSync(join(dir, 'package-lock.json'), 'utf8')).toBe(readFileSync('package-lock.json', 'utf8'));
      symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'), 'dir');
      // As a reviewer's shell has it: not vitest's NODE_ENV=test (which would change the bundle).
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
      env.ANTIDRIFT_RELEASE = '1';
      await execFileAsync('npx', ['wxt', 'prepare'], { cwd: dir, env });
      for (const browser of ['chrome', 'firefox'] as const) {
        await execFileAsync('npx', browser === 'chrome' ? ['wxt', 'build'] : ['wxt', 'build', '-b', 'firefox', '--mv3'], { cwd: dir, env });
        const zip = await zipOf(`antidrift-${VERSION}-${browser}.zip`);
        const built = join(dir, '.output', 'release', `${browser}-mv3`);
        const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
        expect(
          filesIn(built)
            .filter((n) => !n.endsWith('.map'))
            .sort(),
        ).toEqual(names.sort());
        for (const name of names)
          expect(readFileSync(join(built, name)).equals(await zip.file(name)!.async('nodebuffer')), name).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('the helper package: its name, its bin, its engines, no install scripts, only its files; its version and its hello say this version', async () => {
    const dir = join(unpacked, 'package');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: 'antidrift-host',
      version: VERSION,
      bin: { 'antidrift-host': 'antidrift-host.cjs' },
      engines: { node: '>=20.12' },
    });
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.dependencies).toBeUndefined();
    const listed = (await execFileAsync('tar', ['tzf', join(RELEASE, `antidrift-host-${VERSION}.tgz`)], { encoding: 'utf8' })).stdout
      .split('\n')
      .filter(Boolean);
    expect(
      listed.every((f) => /^package\/(package\.json|README\.md|LICENSE|antidrift-host\.cjs|chunks\/[\w-]+\.mjs)$/.test(f)),
      listed.join('\n'),
    ).toBe(true);

    const printed = await execFileAsync(process.execPath, [join(dir, 'antidrift-host.cjs'), '--version'], { encoding: 'utf8' });
    expect(printed.stdout.trim()).toBe(VERSION);
    const host = spawnHost({ env: { PATH: '/usr/bin:/bin', HOME: unpacked }, script: join(dir, 'antidrift-host.cjs') });
    try {
      host.send({ id: 1, type: 'hello', protocol: PROTOCOL_VERSION, version: VERSION });
      const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
      expect(hello).toMatchObject({ hostVersion: VERSION, protocol: PROTOCOL_VERSION });
    } finally {
      await host.close();
    }
  });
});

describe('docs/store/permissions.md', () => {
  /** The first cell of each table row, when it is a code span: the entry that row justifies (with its kind, if given). */
  const justified = (): Map<string, string> => {
    const rows = readFileSync('docs/store/permissions.md', 'utf8')
      .split('\n')
      .map((line) => /^\| `([^`]+)`(?: \(([^)]+)\))? \| (.*) \|$/.exec(line))
      .filter((m) => m !== null);
    return new Map(rows.map((m) => [m[2] ? `${m[1]} (${m[2]})` : m[1]!, m[3]!.trim()]));
  };

  /** Everything a store asks to have justified, from the manifests the zips hold. */
  const asked = async (): Promise<string[]> => {
    const entries = new Set<string>();
    for (const target of ['chrome', 'firefox'] as const) {
      const manifest = (await packedManifest(target)) as {
        permissions?: string[];
        optional_permissions?: string[];
        host_permissions?: string[];
        optional_host_permissions?: string[];
        content_scripts?: Array<{ matches: string[] }>;
        web_accessible_resources?: Array<{ matches: string[] }>;
        browser_specific_settings?: { gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } } };
      };
      for (const p of [...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? [])]) entries.add(p);
      for (const h of [...(manifest.host_permissions ?? []), ...(manifest.optional_host_permissions ?? [])])
        entries.add(`${h} (host permission)`);
      for (const m of (manifest.content_scripts ?? []).flatMap((c) => c.matches)) entries.add(`${m} (content scripts)`);
      for (const m of (manifest.web_accessible_resources ?? []).flatMap((w) => w.matches)) entries.add(`${m} (web-accessible resources)`);
      const data = manifest.browser_specific_settings?.gecko?.data_collection_permissions;
      for (const d of [...(data?.required ?? []), ...(data?.optional ?? [])]) entries.add(d);
    }
    return [...entries].sort();
  };

  it('justifies every permission, host permission, match and Firefox data permission the packed manifests ask for, and nothing else', async () => {
    const rows = justified();
    const entries = await asked();
    expect(entries).toContain('declarativeNetRequestWithHostAccess');
    expect(entries).toContain('websiteContent');
    for (const entry of entries)
      expect(rows.get(entry)?.length ?? 0, `docs/store/permissions.md has no row for ${entry}`).toBeGreaterThan(40);
    expect([...rows.keys()].sort()).toEqual(entries);
  });
});

describe('docs/store/listing.md', () => {
  it('gives the packed manifests’ name and description, which fit the stores’ limits (Chrome 132, AMO 250)', async () => {
    const listing = readFileSync('docs/store/listing.md', 'utf8');
    const section = (title: string) => listing.split(`## ${title}\n`)[1]?.split('\n## ')[0] ?? '';
    for (const target of ['chrome', 'firefox'] as const) {
      const manifest = (await packedManifest(target)) as {
        name: string;
        description: string;
      };
      expect(section('Name').trim()).toBe(manifest.name);
      expect(section('Short description')).toContain(`> ${manifest.description}\n`);
      expect(manifest.description.length).toBeLessThanOrEqual(132);
    }
    for (const part of ['Single purpose', 'Category', 'Full description']) expect(section(part).trim().length, part).toBeGreaterThan(40);
  });
});

describe('PRIVACY.md', () => {
  const section = (text: string, title: string) =>
    text.split(`## ${title}\n`)[1]?.split('\n## ')[0]?.split('\nSee [SECURITY.md]')[0]?.trim() ?? '';

  it('states the README’s privacy facts word for word, and the listing links it', () => {
    const readme = section(readFileSync('README.md', 'utf8'), 'Privacy');
    expect(readme.length).toBeGreaterThan(1_000);
    expect(section(readFileSync('PRIVACY.md', 'utf8'), 'The facts')).toBe(readme);
    expect(readFileSync('docs/store/listing.md', 'utf8')).toContain('PRIVACY.md');
  });

  it('ships inside both extension zips as the page the welcome page links (privacy.html, the policy bundled)', async () => {
    for (const name of [`antidrift-${VERSION}-chrome.zip`, `antidrift-${VERSION}-firefox.zip`]) {
      const zip = await zipOf(name);
      expect(zip.file('privacy.html'), name).not.toBeNull();
      const scripts = Object.keys(zip.files).filter((f) => f.endsWith('.js'));
      const texts = await Promise.all(scripts.map((f) => zip.file(f)!.async('string')));
      expect(
        texts.some((t) => t.includes('## The facts')),
        `${name}: the policy's text`,
      ).toBe(true);
    }
  });
});
