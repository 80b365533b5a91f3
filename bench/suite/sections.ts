// The bench's sections as a table, in the order they run: each one's name(s), what it needs, how it runs, and the rows and budgets it reports.
import { BROWSER_SECTIONS } from './browser-sections';
import { DESKTOP_SECTIONS } from './desktop-sections';
import { HOST_SECTIONS } from './host-sections';
import { MIXED_SECTION } from './mixed-section';
import type { Section } from './section-types';

export { NEEDS, readSettings, type Need } from './section-types';

export const SECTIONS: readonly Section[] = [
  DESKTOP_SECTIONS.watcher,
  DESKTOP_SECTIONS.wayland,
  DESKTOP_SECTIONS.desktops,
  BROWSER_SECTIONS.badge,
  BROWSER_SECTIONS.firefox,
  HOST_SECTIONS.runner,
  HOST_SECTIONS.workday,
  MIXED_SECTION,
  HOST_SECTIONS.throughput,
  BROWSER_SECTIONS.cold,
  BROWSER_SECTIONS.start,
  HOST_SECTIONS.spawn,
  BROWSER_SECTIONS.history,
  BROWSER_SECTIONS.strict,
  HOST_SECTIONS.footprint,
];
