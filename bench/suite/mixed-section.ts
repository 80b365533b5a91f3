// Section 5m: the mixed-use workday replayed page by page, beside the same day under the rule before (one verdict per site).
import { generateMixedWorkday } from './mixed-workday';
import { budget, row } from './report';
import { round } from './stats';
import type { Section } from './section-types';
import { replayWorkday, type WorkdayResult } from './workday-replay';

const caught = (d: WorkdayResult) => `${d.drifts.flagged}/${d.drifts.real}`;
const calls = (d: WorkdayResult) =>
  `${d.calls.total} (${d.calls.judge} judge + ${d.calls.nudge} nudge)${d.calls.total > 0 ? `, 1/${round(d.observations / d.calls.total, 1)}` : ''}`;

export const MIXED_SECTION: Section = {
  key: 'mixed',
  names: ['mixed'],
  title: '5m. right site, wrong page: a workday on YouTube, Reddit and search pages',
  needs: [],
  async run(ctx) {
    const day = generateMixedWorkday();
    const pages = replayWorkday(day);
    const before = replayWorkday(day, { pageByPage: false });
    const p = pages.pages!;
    const b = before.pages!;
    const label = '5m. mixed-use workday (8 h, seeded)';
    ctx.rows.push(
      row(label, 'drifts (≥ 30 s) on mixed-use sites caught', caught(pages), `one verdict per site: ${caught(before)}`),
      row(
        label,
        'false alarms on pages of the work',
        `${p.falseAlarms} of ${p.workStretches} visits`,
        `one verdict per site: ${b.falseAlarms} (${b.falseAlarmTitles.join('; ') || 'none'})`,
      ),
      row(label, `AI calls for ${pages.observations} observations`, calls(pages), `one verdict per site: ${calls(before)}`),
      row(
        label,
        'heads-ups: per hour; asked on pages judged on task',
        `max ${pages.nudgesPerHour.max}, mean ${pages.nudgesPerHour.mean}; ${p.nudgesOnJudgedPages}`,
        `one verdict per site: max ${before.nudgesPerHour.max}; ${b.nudgesOnJudgedPages}`,
      ),
      row(label, 'pages left within the dwell (0.3–1.4 s each) sent to the judge', `${p.flicksJudged} of ${day.counts.flicks}`),
    );
    const share = pages.drifts.real > 0 ? pages.drifts.flagged / pages.drifts.real : 0;
    ctx.budgets.push(
      budget(
        'mixed-drifts-caught',
        'drifts on mixed-use sites caught',
        '≥ 95 %',
        `${round(share * 100, 1)} % (${caught(pages)})`,
        pages.drifts.real > 0 && share >= 0.95,
      ),
      budget(
        'mixed-false-alarms',
        'false alarms on pages of the work',
        '0',
        `${p.falseAlarms} of ${p.workStretches} visits`,
        p.workStretches > 0 && p.falseAlarms === 0,
      ),
      budget(
        'mixed-calls',
        'AI calls vs judging every observation, every drift caught',
        '> 0 and ≤ 1/10',
        calls(pages),
        pages.calls.total > 0 && pages.calls.total * 10 <= pages.observations && share >= 0.95,
      ),
    );
    return { pageByPage: pages, oneVerdictPerSite: before };
  },
};
