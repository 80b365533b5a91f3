// The boundary rule fails where a layer is crossed and passes where it is not, through ESLint and the repo's config.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boundariesFor, FEATURES, featuresIn } from '../../../eslint/boundaries.mjs';
import { globToRegExp } from '../../../eslint/layer-imports.mjs';

const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

/** The boundaries `code` crosses as `filePath`, by the repo's lint (or `lint`, built with other boundaries). */
async function crossings(filePath: string, code: string, lint = eslint): Promise<string[]> {
  const [result] = await lint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'antidrift/layer-imports')
    .map((m) => m.message.replace(/^.*\((\w[\w-]*)\)$/, '$1'));
}

describe('layer-imports', () => {
  // ESLint loads the repo's config, its plugins and the TypeScript parser once, here, not inside the first case's time.
  beforeAll(() => crossings('shared/core/example.ts', ''), 60_000);

  it.each([
    ['shared/core/example.ts', "import browser from 'webextension-polyfill'; void browser;", ['core']],
    ['shared/core/example.ts', "import { readFileSync } from 'node:fs'; void readFileSync;", ['core']],
    ['shared/ai/example.ts', "import { KEYS } from '../../background/store'; void KEYS;", ['core', 'ai-leaf']],
    ['shared/ai/example.ts', "import { RECENT_TITLES } from '../core/core-limits'; void RECENT_TITLES;", ['ai-leaf']],
    ['shared/ai/example.ts', "import type { Verdict } from '../core/controller/controller-records'; export type V = Verdict;", ['ai-leaf']],
    ['shared/ai/example.ts', "import { RunErrorKind } from '../protocol/frames'; void RunErrorKind;", ['ai-leaf']],
    ['shared/core/example.ts', "import type { Reply } from '../messages/requests'; export type R = Reply;", ['core-owns-failure']],
    [
      'shared/core/controller/example.ts',
      "import { STATE_PORT } from '../../messages/state-port'; void STATE_PORT;",
      ['core-owns-failure'],
    ],
    ['shared/core/example.ts', "import type { Running } from '../../tests/ext/harness'; export type R = Running;", ['core']],
    ['entrypoints/popup/example.tsx', "import { Settings } from '../../shared/settings/stored-settings'; void Settings;", ['zod-free']],
    ['entrypoints/content/example.ts', "import { z } from 'zod'; void z;", ['zod-free']],
    ['ui/example.ts', "export { surfaceView } from '../shared/core/controller';", ['zod-free']],
    ['ui/example.ts', "import { Shell } from '../background/shell'; void Shell;", ['zod-free', 'pages']],
    ['native-host/src/example.ts', "import { Settings } from '../../shared/settings/stored-settings'; void Settings;", ['host']],
    [
      'native-host/src/desktops/example.ts',
      "import type { DoctorReport } from '../install/doctor-report'; export type D = DoctorReport;",
      ['desktops-know-no-installer'],
    ],
    [
      'native-host/src/desktops/gnome/example.ts',
      "import { readInstallRecord } from '../../install/record'; void readInstallRecord;",
      ['desktops-know-no-installer'],
    ],
    [
      'native-host/src/watcher/example.ts',
      "import { runDoctor } from '../install/doctor'; void runDoctor;",
      ['desktops-know-no-installer'],
    ],
    ['native-host/src/desktops/x11/example.ts', "void import('../../install/index');", ['desktops-know-no-installer']],
    ['background/example.ts', "import { spawn } from 'node:child_process'; void spawn;", ['extension']],
    ['background/example.ts', "import { main } from '../native-host/src/main'; void main;", ['extension']],
    ['background/example.ts', "import { prng } from '../harness/prng'; void prng;", ['extension']],
    ['background/example.ts', "import { formatDuration } from '../ui/format'; void formatDuration;", ['shell']],
    [
      'background/example.ts',
      "import type { BlockPageProps } from '../entrypoints/blocked/block-page'; export type P = BlockPageProps;",
      ['shell'],
    ],
    ['locale/example.ts', "import { browserClient } from '../ui/connection/browser-client'; void browserClient;", ['locale']],
    ['shared/core/example.ts', "import { chunkSettings } from '../sync/chunks'; void chunkSettings;", ['core-knows-no-feature']],
    [
      'shared/core/controller/example.ts',
      "import type { HistorySegment } from '../../history/history-records'; export type H = HistorySegment;",
      ['core-knows-no-feature'],
    ],
    ['shared/core/controller/example.ts', "import { Template } from '../../plan/plan-records'; void Template;", ['core-knows-no-feature']],
    ['shared/core/example.ts', "import { pageGuardOf } from '../strict/page-guard'; void pageGuardOf;", ['core-knows-no-feature']],
    [
      'shared/core/example.ts',
      "import type { Settings } from '../settings/stored-settings'; export type S = Settings;",
      ['core-knows-no-feature'],
    ],
    ['shared/plan/example.ts', "import type { PageGuard } from '../strict/page-guard'; export type G = PageGuard;", ['shared-plan']],
    [
      'shared/plan/example.ts',
      "import { defaultSettings } from '../settings/stored-settings'; void defaultSettings();",
      ['sections-know-no-record'],
    ],
    [
      'shared/history/example.ts',
      "import type { Settings } from '../settings/stored-settings'; export type S = Settings;",
      ['sections-know-no-record'],
    ],
    ['shared/strict/example.ts', "import { SYNCED } from '../sync/synced-settings'; void SYNCED;", ['shared-strict']],
    ['shared/sync/example.ts', "import { Template } from '../plan/plan-records'; void Template;", ['shared-sync']],
    ['shared/history/example.ts', "import { Template } from '../plan/plan-records'; void Template;", ['shared-history']],
    ['background/plan/example.ts', "import { wireStrict } from '../strict/wire-strict'; void wireStrict;", ['background-plan']],
    [
      'background/strict/example.ts',
      "import type { SettingsSync } from '../sync/settings-sync'; export type S = SettingsSync;",
      ['background-strict'],
    ],
    ['background/sync/example.ts', "import { PLAN_ALARM } from '../plan/planner'; void PLAN_ALARM;", ['background-sync']],
    ['background/later/example.ts', "import { wireStrict } from '../strict/wire-strict'; void wireStrict;", ['background-later']],
    ['shared/later/example.ts', "import { Template } from '../plan/plan-records'; void Template;", ['shared-later']],
    ['shared/core/example.ts', "import { addLater } from '../later/later-list'; void addLater;", ['core-knows-no-feature']],
    ['bench/suite/example.ts', "import { prng } from '../../tests/support/prng'; void prng;", ['bench']],
    ['bench/example.ts', "import type { Runner } from '../tests/host/helpers/example'; export type R = Runner;", ['bench']],
    ['tests/unit/example.test.ts', "import { median } from '../../bench/suite/stats'; void median;", ['tests']],
    ['tests/desktops/example.ts', "import { cpuSecondsFromStat } from '../../bench/suite/proc'; void cpuSecondsFromStat;", ['tests']],
    ['harness/example.ts', "import { startFirefox } from '../tests/firefox/harness'; void startFirefox;", ['harness']],
    ['harness/example.ts', "import { median } from '../bench/suite/stats'; void median;", ['harness']],
    ['test-hooks/example.ts', "import { Settings } from '../shared/settings/stored-settings'; void Settings;", ['zod-free', 'test-hooks']],
    ['test-hooks/example.ts', "import { STORE_KEYS } from '../background/store'; void STORE_KEYS;", ['zod-free', 'test-hooks']],
  ])('%s: %s is refused (%j)', async (file, code, boundaries) => {
    expect(await crossings(file, code)).toEqual(boundaries);
  });

  it.each([
    ['entrypoints/popup/example.tsx', "import type { Settings } from '../../shared/settings/stored-settings'; export type S = Settings;"],
    ['entrypoints/popup/example.tsx', "import { type Settings } from '../../shared/settings/stored-settings'; export type S = Settings;"],
    ['entrypoints/content/example.ts', "import { isToastPush } from '../../shared/messages/guards'; void isToastPush;"],
    ['ui/example.ts', "import { badgeFor } from '../shared/core/badge'; void badgeFor;"],
    ['shared/ai/example.ts', "import { errorText } from '../util/error-text'; void errorText;"],
    ['shared/ai/example.ts', "import { cleanText } from './sanitize'; void cleanText;"],
    ['shared/core/example.ts', "import { PARSE_FAILURE_KINDS } from '../ai/vocabulary'; void PARSE_FAILURE_KINDS;"],
    ['shared/messages/example.ts', "import type { Failure } from '../core/failure'; export type F = Failure;"],
    ['native-host/src/example.ts', "import { BackendName } from '../../shared/protocol/frames'; void BackendName;"],
    ['native-host/src/install/example.ts', "import { DESKTOP_SPECS } from '../desktops/registry'; void DESKTOP_SPECS;"],
    ['native-host/src/desktops/example.ts', "import type { DesktopChecks } from './hooks'; export type C = DesktopChecks;"],
    ['background/example.ts', "import { Settings } from '../shared/settings/stored-settings'; void Settings;"],
    ['entrypoints/options/example.tsx', "import { Settings } from '../../shared/settings/stored-settings'; void Settings;"],
    ['bench/suite/example.ts', "import { prng } from '../../harness/prng'; void prng;"],
    ['tests/unit/example.test.ts', "import { prng } from '../../harness/prng'; void prng;"],
    ['harness/example.ts', "import { EXTENSION_ID } from '../shared/protocol/extension-id'; void EXTENSION_ID;"],
    ['entrypoints/content/example.ts', "import { testClock } from '../../test-hooks/clock'; void testClock;"],
    ['test-hooks/example.ts', "import { browser } from 'wxt/browser'; void browser;"],
    ['background/example.ts', "import { EXTENSION_PAGES } from '../shared/extension-pages'; void EXTENSION_PAGES;"],
    ['background/example.ts', "import { localCalendar } from '../locale/local-calendar'; void localCalendar;"],
    ['background/plan/example.ts', "import type { HistoryRecorder } from '../history/history-recorder'; export type H = HistoryRecorder;"],
    ['shared/plan/example.ts', "import { daySummaryText } from '../history/day-summary'; void daySummaryText;"],
    ['shared/plan/example.ts', "import { Rhythm } from '../core/rhythm-record'; void Rhythm;"],
    ['shared/sync/example.ts', "import { SETTING_SCOPES } from '../settings/stored-settings'; void SETTING_SCOPES;"],
    ['shared/settings/example.ts', "import { PlanSettings } from '../plan/settings'; void PlanSettings;"],
    ['entrypoints/focus-history/example.tsx', "import { rangeOf } from '../../locale/local-calendar'; void rangeOf;"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await crossings(file, code)).toEqual([]);
  });

  it.each([
    ['background/requests.ts', "import type { Later } from './later/wire-later'; export type L = Later;", ['worker-core-knows-no-feature']],
    ['background/index.ts', "import { wirePlan } from './plan/wire-plan'; void wirePlan;", ['worker-core-knows-no-feature']],
    [
      'background/worker.ts',
      "import type { SyncStatus } from '../shared/sync/sync-feature'; export type S = SyncStatus;",
      ['worker-core-knows-no-feature'],
    ],
    [
      'background/ai/example.ts',
      "import { HISTORY_FEATURE } from '../../shared/history/history-feature'; void HISTORY_FEATURE;",
      ['worker-core-knows-no-feature'],
    ],
  ])("the worker's core: %s: %s is refused", async (file, code, boundaries) => {
    expect(await crossings(file, code)).toEqual(boundaries);
  });

  it('background/features.ts, the one list, names every feature', async () => {
    expect(await crossings('background/features.ts', "import { planFeature } from './plan/plan-feature'; void planFeature;")).toEqual([]);
  });

  describe('a probe feature, declared in its own folder', () => {
    const probeTree = mkdtempSync(join(tmpdir(), 'antidrift-probe-feature-'));
    for (const name of [...FEATURES, 'probe']) {
      mkdirSync(join(probeTree, 'shared', name), { recursive: true });
      writeFileSync(join(probeTree, 'shared', name, `${name}-feature.ts`), '');
    }
    mkdirSync(join(probeTree, 'shared', 'core'));
    const probeLint = new ESLint({
      cwd: new URL('../../..', import.meta.url).pathname,
      overrideConfig: { rules: { 'antidrift/layer-imports': ['error', boundariesFor(featuresIn(probeTree))] } },
    });
    const probeCrossings = (filePath: string, code: string) => crossings(filePath, code, probeLint);

    it('is found by its declaration file, beside the real ones (a folder without one is not a feature)', () => {
      expect(featuresIn(probeTree)).toEqual([...FEATURES, 'probe'].sort());
      expect(FEATURES).toEqual(['goal', 'history', 'later', 'plan', 'strict', 'sync']);
    });

    it.each([
      ['background/requests.ts', "import { wireProbe } from './probe/wire-probe'; void wireProbe;", ['worker-core-knows-no-feature']],
      [
        'background/shell.ts',
        "import type { Probe } from '../shared/probe/probe-feature'; export type P = Probe;",
        ['worker-core-knows-no-feature'],
      ],
      ['background/later/example.ts', "import { wireProbe } from '../probe/wire-probe'; void wireProbe;", ['background-later']],
      ['background/probe/example.ts', "import { wireLater } from '../later/wire-later'; void wireLater;", ['background-probe']],
      ['shared/core/example.ts', "import { PROBE } from '../probe/probe-feature'; void PROBE;", ['core-knows-no-feature']],
      ['shared/probe/example.ts', "import { LATER_FEATURE } from '../later/later-feature'; void LATER_FEATURE;", ['shared-probe']],
    ])('%s: %s is refused (%j)', async (file, code, boundaries) => {
      expect(await probeCrossings(file, code)).toEqual(boundaries);
    });

    it.each([
      ['background/features.ts', "import { probeFeature } from './probe/probe-feature'; void probeFeature;"],
      [
        'background/probe/example.ts',
        "import type { HistoryRecorder } from '../history/history-recorder'; export type H = HistoryRecorder;",
      ],
      ['background/probe/example.ts', "import type { Worker } from '../worker'; export type W = Worker;"],
    ])('%s: %s is allowed', async (file, code) => {
      expect(await probeCrossings(file, code)).toEqual([]);
    });
  });

  it('globs: ** spans folders, * one segment, braces alternate', () => {
    expect(globToRegExp('shared/**').test('shared/core/controller/index')).toBe(true);
    expect(globToRegExp('shared/*').test('shared/core/badge')).toBe(false);
    expect(globToRegExp('shared/core/{badge,limits}').test('shared/core/limits')).toBe(true);
    expect(globToRegExp('shared/core/{badge,limits}').test('shared/core/settings')).toBe(false);
    expect(globToRegExp('{fs,path}{,/**}').test('fs/promises')).toBe(true);
  });
});
