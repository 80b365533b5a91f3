// The "Window watcher" rows every desktop prints in doctor: its state, why it was chosen, why the others were not, the active window.
import type { DesktopReport } from './hooks.js';

export function watcherRows(report: DesktopReport): [string, string][] {
  const w = report.watcher;
  const rows: [string, string][] = [[w.kind, `${w.state}${w.message ? `  ${w.message}` : ''}`]];
  if (w.why) rows.push(['chosen', w.why]);
  for (const s of w.skipped ?? []) rows.push([`  not ${s.kind}`, s.why]);
  if (w.activeWindow) rows.push(['active', `"${w.activeWindow.title}" (${w.activeWindow.app})`]);
  return rows;
}
