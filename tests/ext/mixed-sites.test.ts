// Right site, wrong page through the real background: page verdicts from the host's judge, the part allowed from a banner,
// parts of sites in a strict session's rules, and the page ceiling said once in diagnostics.
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_JUDGMENTS } from '../../shared/core/core-limits';
import type { Reply } from '../../shared/messages/requests';
import { activate, boot, FakeHost, freshBackgroundEachTest, openTab, patchSettings, readBadge, START, type Running } from './harness';
import { installFakeDnr, siteOfRedirect } from './fake-dnr';

freshBackgroundEachTest();

/** A judge that reads the page's title, as a model would: cats are drift, the rest is the work. */
function titleJudge(): FakeHost {
  const host = new FakeHost();
  host.reply = (prompt) =>
    /cats/i.test(prompt)
      ? { text: '{"drifting": true, "reason": "Cat videos are not the parser tests."}' }
      : { text: '{"drifting": false, "reason": "A lecture on parsing."}' };
  return host;
}

/** The judge's runs among the host's (a heads-up may run too): the ones whose data names a window. */
const judgeRuns = (host: FakeHost) => host.runs.filter((r) => r.prompt.includes('"window"'));

async function started(host = titleJudge()): Promise<Running> {
  const bg = await boot(host);
  await patchSettings(bg, { judgeDebounceSeconds: 0 });
  await bg.send(START);
  return bg;
}

describe('pages of a mixed-use site in the real background', () => {
  it('judges each video once: a lecture on task, cat videos drifting, the lecture again from its verdict', async () => {
    const host = titleJudge();
    const bg = await started(host);
    const lecture = await openTab('https://www.youtube.com/watch?v=pratt3', 'Pratt parsing, lecture 3 - YouTube');
    await activate(lecture);
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('ontask');
    await activate(await openTab('https://www.youtube.com/watch?v=cats', 'Funniest cats - YouTube'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('drifting');
    expect(await readBadge()).toMatchObject({ text: '!' });
    await activate(lecture);
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('ontask');
    expect(judgeRuns(host)).toHaveLength(2);
    // The prompt names the site and the page's title, never its address.
    expect(judgeRuns(host)[0]!.prompt).toContain('youtube.com');
    expect(judgeRuns(host)[0]!.prompt).not.toContain('pratt3');
    expect(Object.keys(bg.shell.state.drift.verdicts)).toEqual(
      expect.arrayContaining(['youtube.com/watch?v=pratt3', 'youtube.com/watch?v=cats']),
    );
  });

  it('"This is on task" on a channel page allows the channel, in the session and the settings; diagnostics name no address', async () => {
    const bg = await started();
    await activate(await openTab('https://www.youtube.com/@catmemes/videos', 'Cats daily - YouTube'));
    await bg.flush();
    expect(bg.shell.snapshot().view.banner).toMatchObject({ onTaskAllows: 'youtube.com/@catmemes' });
    expect(await bg.send({ type: 'driftOnTask' })).toEqual({ ok: true, value: null });
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('ontask');
    const settings = (await bg.send({ type: 'getSettings' })) as Reply<'getSettings'> & { ok: true };
    expect(settings.value.addedFromBanner).toEqual(['youtube.com/@catmemes']);
    expect(settings.value.allowed).toContain('youtube.com/@catmemes');
    expect(settings.value.allowed).not.toContain('youtube.com');
    const diag = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'> & { ok: true };
    const messages = diag.value.map((d) => d.message);
    expect(
      messages.some((m) =>
        /^judge a page of youtube\.com \(claude\): drifting — Cat videos are not the parser tests\. \(\d+ ms\)$/.test(m),
      ),
    ).toBe(true);
    expect(messages.filter((m) => m.includes('catmemes'))).toEqual([]);
  });

  it("past the session's page ceiling, says so once in diagnostics", async () => {
    const host = titleJudge();
    const bg = await started(host);
    for (let i = 0; i <= MAX_PAGE_JUDGMENTS; i++) {
      await activate(await openTab(`https://www.youtube.com/watch?v=v${i}`, `Lecture ${i} - YouTube`));
      await bg.flush();
    }
    expect(judgeRuns(host)).toHaveLength(MAX_PAGE_JUDGMENTS);
    const diag = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'> & { ok: true };
    expect(diag.value.filter((d) => /judged 60 pages of mixed-use sites/.test(d.message))).toHaveLength(1);
    expect(bg.shell.state.drift.status).toBe('ontask');
  });

  it("a strict session's rules block a part of a site and name it; the rest of the site has no rule", async () => {
    const dnr = installFakeDnr();
    const bg = await boot(titleJudge());
    const reply = await bg.send({ ...START, input: { ...START.input, blocked: ['reddit.com/r/funny'], strict: true } });
    expect(reply).toEqual({ ok: true, value: null });
    await bg.flush();
    expect(dnr.rules.map((r) => siteOfRedirect(r.action.redirect.regexSubstitution))).toEqual(['reddit.com/r/funny']);
    const regex = new RegExp(dnr.rules[0]!.condition.regexFilter, 'i');
    expect(regex.test('https://www.reddit.com/r/funny/comments/1/a')).toBe(true);
    expect(regex.test('https://www.reddit.com/r/typescript/')).toBe(false);
  });
});
