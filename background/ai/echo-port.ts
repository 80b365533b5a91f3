// Throwaway port (issue 43, item 5's measure): every call answered with a fixed on-task answer, always available.
import type { AIPort } from '../../shared/ai';
import type { ReportingPortRunner } from './registry';

/** The answer each role reads as on task (the coach's is not one: it fails, as a port that cannot coach would). */
const ANSWERS: Record<string, string> = {
  judge: '{"drifting": false, "reason": "the echo port says on task"}',
  nudge: '{"on_track": true}',
  test: '{"ok": true}',
};

const ECHO: AIPort = { name: 'echo', complete: async ({ role }) => ANSWERS[role] ?? '' };

export const echoPort: ReportingPortRunner = { open: () => ECHO, status: async () => ({ availability: 'available' }) };
