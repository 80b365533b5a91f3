// The bench's helper sections: a backend run through it, a synthetic workday's AI calls, throughput, its start, its footprint and the bundles.
import { bundleSizes, hostMemory, soak } from './footprint';
import { benchHostSpawn } from './host-spawn';
import { budget, kb, ms, p95Budget, row } from './report';
import { benchRunnerOverhead } from './runner-overhead';
import { round } from './stats';
import { benchThroughput } from './throughput';
import { replayWorkday } from './workday-replay';
import type { Section } from './section-types';

/** By key, each as the table in sections.ts lists it. */
export const HOST_SECTIONS = {
  runner: {
    key: 'runner',
    names: ['runner'],
    title: '4. backend runner overhead',
    needs: ['host'],
    async run(ctx) {
      const cat = await benchRunnerOverhead('/bin/cat', ctx.settings.runnerSamples);
      // Half as many for the node CLI (each sample starts Node twice), at least 20 when the run takes that many.
      const samples = ctx.settings.runnerSamples;
      const node = await benchRunnerOverhead('node instant-cli.mjs', Math.max(Math.min(20, samples), Math.round(samples / 2)));
      for (const r of [cat, node]) {
        ctx.rows.push(
          row(
            '4. runner overhead',
            `\`run\` of ${r.cli}: overhead per sample (host − direct)`,
            `via host ${ms(r.viaHostMs)}; overhead ${ms(r.overheadMs)}`,
            `direct spawn ${ms(r.directMs)}`,
            `${round(r.viaHostMs.p50 / r.directMs.p50, 2)}× (p50)`,
          ),
        );
      }
      ctx.budgets.push(p95Budget('runner-overhead-p95', 'runner overhead p95 (instant CLI: /bin/cat)', 30, cat.overheadMs));
      return { cat, node };
    },
  },
  workday: {
    key: 'workday',
    names: ['workday'],
    title: '5. LLM calls for a synthetic workday',
    needs: [],
    async run(ctx) {
      const d = replayWorkday();
      ctx.rows.push(
        row(
          '5. workday (8 h, seeded)',
          `LLM calls (judge + nudge) for ${d.observations} observations`,
          `${d.calls.total} (${d.calls.judge} judge + ${d.calls.nudge} nudge)`,
          `judge every observation: ${d.baselines.judgeEveryObservation}; every unmatched, no cache/debounce: ${d.baselines.judgeEveryUnmatchedNoCacheNoDebounce}`,
          d.calls.total > 0 ? `1/${round(d.observations / d.calls.total, 1)} of every-observation` : 'no call at all',
        ),
        row('5. workday', 'nudges per hour', `max ${d.nudgesPerHour.max}, mean ${d.nudgesPerHour.mean}`),
        row(
          '5. workday',
          'real drifts (≥ 30 s) flagged; seconds to `drifting`',
          `${d.drifts.flagged}/${d.drifts.real}; ${d.drifts.secondsToFlag ? `p50 ${d.drifts.secondsToFlag.p50} / p95 ${d.drifts.secondsToFlag.p95} s` : '—'}`,
        ),
        row('5. workday', 'alt-tab flicks (< 1 s) sent to the judge', `${d.flicksJudged} of ${d.flicks}`, `no debounce: ${d.flicks}`),
        row(
          '5. workday',
          'history recorder per transition (synchronous, in the event → badge path)',
          `p50 ${d.history.recordMs.p50} / p95 ${d.history.recordMs.p95} ms (n=${d.history.recordMs.n})`,
        ),
        row(
          '5. workday',
          'history stored per session hour (JSON, titles kept); IndexedDB puts per hour',
          `${kb(d.history.bytesPerHour)}; ${d.history.putsPerHour} puts (${d.history.records.segments} segments, ${d.history.records.marks} marks in ${d.hours} h)`,
        ),
      );
      // Few calls are only worth something if the drifts were still caught: a day with no call at all flags none.
      const flaggedAll = d.drifts.real > 0 && d.drifts.flagged === d.drifts.real;
      const flagged = `real drifts flagged ${d.drifts.flagged}/${d.drifts.real}`;
      ctx.budgets.push(
        budget(
          'workday-calls',
          'LLM calls vs judging every observation, every real drift flagged',
          '> 0 and ≤ 1/20; all flagged',
          `${d.calls.total}/${d.observations}${d.calls.total > 0 ? ` (1/${round(d.observations / d.calls.total, 1)})` : ''}; ${flagged}`,
          d.calls.total > 0 && d.calls.total * 20 <= d.observations && flaggedAll,
        ),
        budget(
          'workday-nudges',
          'nudges in any hour, every real drift flagged',
          '> 0 in the day and ≤ 12 an hour; all flagged',
          `max ${d.nudgesPerHour.max} an hour (${d.calls.nudge} in the day); ${flagged}`,
          d.calls.nudge > 0 && d.nudgesPerHour.max <= 12 && flaggedAll,
        ),
        p95Budget('history-record-p95', 'recording adds to event → badge (recorder p95)', 1, d.history.recordMs),
        budget(
          'history-bytes-per-hour',
          'history storage per session hour (JSON)',
          '≤ 50 KB',
          kb(d.history.bytesPerHour),
          d.history.bytesPerHour <= 50_000,
        ),
      );
      return d;
    },
  },
  throughput: {
    key: 'throughput',
    names: ['throughput'],
    title: '6. controller throughput',
    needs: [],
    async run(ctx) {
      const t = benchThroughput({ runs: ctx.settings.throughputRuns, secondsPerRun: ctx.settings.throughputSeconds });
      ctx.rows.push(
        row(
          '6. controller throughput',
          `observations / s (${ctx.settings.throughputSeconds} s runs, mixed)`,
          `p50 ${t.observationsPerSecond.p50} (n=${t.runs})`,
        ),
      );
      ctx.budgets.push(
        budget(
          'throughput',
          'controller observations per second (p50)',
          '≥ 100 000',
          t.observationsPerSecond.p50,
          t.observationsPerSecond.p50 >= 100_000,
        ),
      );
      return t;
    },
  },
  spawn: {
    key: 'spawn',
    names: ['spawn'],
    title: '4s. host spawn → hello, first window',
    needs: ['host', 'release', 'xvfb'],
    async run(ctx) {
      const h = await benchHostSpawn({ spawns: ctx.settings.hostSpawns });
      ctx.rows.push(
        row('4s. host spawn', 'spawn → `hello` answered (hello sent at once), the checkout’s build', ms(h.helloMs)),
        row(
          '4s. host spawn',
          'spawn → `hello` answered, the installed helper (its launcher, from the npm package), beside a bare `node -e`',
          ms(h.installedHelloMs),
          `bare node p50 ${h.bareNodeMs.p50} ms`,
          `+${round(h.installedHelloMs.p50 - h.bareNodeMs.p50, 1)} ms at p50`,
        ),
        row('4s. host spawn', 'spawn → first `window` frame (X11)', ms(h.firstWindowMs)),
        row('4s. host spawn', 'a bare `node -e` (prints one byte) spawn → output: the floor', ms(h.bareNodeMs)),
      );
      if (h.helloWithoutExtraCaMs)
        ctx.rows.push(
          row(
            '4s. host spawn',
            'spawn → `hello` with this machine’s NODE_EXTRA_CA_CERTS unset (Node parses that bundle at every start)',
            ms(h.helloWithoutExtraCaMs),
          ),
        );
      // Node's own start is the machine's (p50 54 to 145 ms on the machines measured): the budget is what the helper adds to it.
      const overNode = (id: string, what: string, helper: typeof h.helloMs) => {
        const over = round(helper.p50 - h.bareNodeMs.p50, 1);
        return budget(
          id,
          `${what}, p50 over a bare \`node -e\` p50 (same run)`,
          '≤ 20 ms',
          `${over} ms (${helper.p50} − ${h.bareNodeMs.p50})`,
          over <= 20,
        );
      };
      ctx.budgets.push(
        overNode('host-spawn-hello-over-node', 'host spawn → hello (the checkout’s build)', h.helloMs),
        overNode('installed-host-spawn-hello-over-node', 'installed helper spawn → hello', h.installedHelloMs),
      );
      return h;
    },
  },
  footprint: {
    key: 'footprint',
    names: ['footprint'],
    title: '7. footprint: bundles, host memory',
    needs: ['host', 'extension'],
    async run(ctx) {
      const sizes = await bundleSizes();
      const memory = await hostMemory(ctx.settings.hostMemoryFrames);
      ctx.step(`7. footprint: ${ctx.settings.soakMinutes}-minute soak`);
      const s = await soak(ctx.settings.soakMinutes, (line) => console.log(`  ${line}`));
      for (const [name, b] of Object.entries(sizes)) {
        ctx.rows.push(
          row(
            '7. bundle size',
            `${name} (${b.files.length} file${b.files.length > 1 ? 's' : ''})`,
            `${kb(b.minifiedBytes)} min, ${kb(b.gzipBytes)} gzip`,
          ),
        );
      }
      ctx.rows.push(
        row(
          '7. host memory',
          `RSS after start → after ${memory.messages} frames`,
          `${memory.rssAfterStartMiB} → ${memory.rssAfter10kMessagesMiB} MiB`,
        ),
        row(
          '7. soak',
          `RSS over ${s.minutes} min, ${s.switches} switches`,
          `${s.rssStartMiB} → ${s.rssEndMiB} MiB (max ${s.rssMaxMiB}); after warm-up: growth ${s.growthMiB} MiB, trend ${s.slopeMiBPerHour} MiB/h`,
        ),
      );
      ctx.budgets.push(
        budget(
          'content-size',
          'content script, minified',
          '≤ 12 KB',
          kb(sizes.content!.minifiedBytes),
          sizes.content!.minifiedBytes <= 12_000,
        ),
        budget(
          'soak-growth',
          `host RSS growth over the ${s.minutes}-min soak (after a 2-min warm-up)`,
          '≤ 5 MB',
          `${round((s.growthMiB * 2 ** 20) / 1e6, 2)} MB`,
          s.growthMiB * 2 ** 20 <= 5e6,
        ),
      );
      return { bundles: sizes, hostMemory: memory, soak: s };
    },
  },
} as const satisfies Record<string, Section>;
