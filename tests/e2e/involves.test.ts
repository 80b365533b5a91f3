// E2E: the coach asks its one question, the person clicks an answer, the session starts with Involves, and the judge reads it.
import { describe, expect, it } from 'vitest';
import { e2eForSuite } from './harness';
import { entriesOf } from './pages';

describe('Involves: the coach asks before it guesses', () => {
  const e2e = e2eForSuite();

  it('a clicked answer fills Involves and adds its sites; the session keeps it; the next judge prompt carries it', async () => {
    const popup = await e2e().popup();
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('helper connected');
    await popup.byId('coach-intention').fill('prepare the Q3 review');
    await popup.byId('coach').click();
    await popup.byId('coach-question').waitFor({ timeout: 15_000 });
    expect(await popup.byId('coach-ask').textContent()).toBe('What does the review draw on?');
    expect(await popup.byId('coach-answer').count()).toBe(2);
    await popup.byId('coach-answer').first().click();

    await expect(popup.byId('coach-question').count()).resolves.toBe(0);
    expect(await popup.byId('involves').inputValue()).toBe("Last quarter's sheet and the CRM");
    // The answer's sites are on the allowed list before Start, where the person sees them.
    expect(await entriesOf(popup.byId('allowed-chips'))).toEqual(expect.arrayContaining(['slides.test', 'sheets.test', 'crm.test']));
    await popup.start();
    expect(await popup.byId('commitment-involves').textContent()).toBe("Involves: Last quarter's sheet and the CRM");

    const news = await e2e().openSite('news.test', 'Breaking: markets rally');
    await news.bringToFront();
    await e2e().expectBadge('!', 15_000);
    const judged = e2e()
      .calls()
      .filter((c) => c.role === 'judge' && c.app === 'news.test');
    expect(judged).toHaveLength(1);
    expect(judged[0]?.involves).toBe("Last quarter's sheet and the CRM");
  });
});
