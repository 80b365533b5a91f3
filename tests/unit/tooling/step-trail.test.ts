// The end-to-end harness's step trail: a failed test names the step that stood still, and the steps before it.
import { describe, expect, it, vi } from 'vitest';
import { StepTrail, trailNote, trailStep } from '../../e2e/step-trail';

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

  it("names a page object's sub-steps and the harness's notes on the running test's trail", async () => {
    const trail = new StepTrail();
    trail.begin();
    await trailStep('mouse.down', () => Promise.resolve());
    void trailStep('mouse.up', () => new Promise<never>(() => {}));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    trailNote('drift-ontask: the release was not acknowledged in 5 s; going on');
    expect(warn).toHaveBeenCalledWith('drift-ontask: the release was not acknowledged in 5 s; going on');
    warn.mockRestore();
    const lines = trail.report().split('\n');
    expect(lines[0]).toMatch(/mouse\.down\(\) — done in/);
    expect(lines[1]).toMatch(/mouse\.up\(\) — STILL RUNNING after/);
    expect(lines[2]).toMatch(/^ +\d+\.\d s {2}drift-ontask: the release was not acknowledged in 5 s; going on$/);
  });
});
