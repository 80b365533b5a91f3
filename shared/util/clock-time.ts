// A time of day as a person types it ("09:00") and as minutes after midnight (zod-free: the popup shows them).

/** Minutes after midnight of "H:MM" or "HH:MM" (24-hour), or undefined when it is not a time of day. */
export function parseClockTime(text: string): number | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "09:05" for 545. */
export function formatClockTime(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
