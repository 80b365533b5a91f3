// The end-to-end harness's step trail: a failed test names the step that stood still, and the steps before it.
import { describe, expect, it } from 'vitest';
import { StepTrail } from '../../e2e/step-trail';

describe('StepTrail', () => {
  const harness = () => ({
    open: (url: string) => Promise.resolve(url),
    hang: (_: number) => new Promise<never>(() => {}),
    refuse: () => Promise.reject(new Error('the page is gone\nstack…')),
    calls: () => [],
  });

  it('says which step is still running, and which ended and how', async () => {
    const trail = new StepTrail();
    trail.begin();
    const watched = trail.watch(harness());
    await watched.open('https://www.youtube.com/watch?v=cats');
    await watched.refuse().catch(() => {});
    void watched.hang(15_000);
    watched.calls();
    const lines = trail.report().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/open\("https:\/\/www\.youtube\.com\/watch\?v=cats"\) — done in \d+\.\d s$/);
    expect(lines[1]).toMatch(/refuse\(\) — failed \(Error: the page is gone\) in/);
    expect(lines[2]).toMatch(/hang\(15000\) — STILL RUNNING after \d+\.\d s$/);
  });

  it('keeps the last twelve steps of the running test only', async () => {
    const trail = new StepTrail();
    const watched = trail.watch(harness());
    await watched.open('before');
    trail.begin();
    for (let i = 0; i < 14; i++) await watched.open(`step ${i}`);
    const report = trail.report();
    expect(report).not.toContain('before');
    expect(report.split('\n')[0]).toBe('(2 earlier steps)');
    expect(report).toContain('"step 13"');
    expect(report).not.toContain('"step 1")');
  });
});
