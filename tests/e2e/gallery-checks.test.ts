// E2E: the state gallery's layout checks catch each defect they name, on a page in real Chromium built to have them (and pass a clean one).
import { describe, expect, it } from 'vitest';
import { layoutProblems } from './gallery/layout';
import { e2eForSuite } from './harness';

const CLEAN = `<main style="width:320px;font:14px sans-serif"><p>Fine text.</p><button>Copy</button>
  <code class="command" style="display:block;white-space:pre-wrap;overflow-wrap:anywhere">npx --yes antidrift-host@0.2.0 install --browser chromium</code></main>`;

/** Each defect as the first popups had it: a squeezed column, a scrolled command, a clipped button, 10.5 px type, a cut label. */
const BROKEN = `<div style="display:flex;width:360px;font:14px sans-serif">
    <p id="squeezed" style="width:12px;margin:0">Specified native messaging host not found.</p>
    <code class="command" style="display:block;width:120px;white-space:pre;overflow-x:auto">npx --yes antidrift-host@0.2.0 install --browser chromium</code>
  </div>
  <div style="width:80px;overflow:hidden"><button style="margin-left:60px;white-space:nowrap">Check again</button></div>
  <p id="tiny" style="font-size:10.5px">Done when: all tests pass</p>
  <select style="width:120px;font:14px sans-serif"><option>Automatic (the helper's backends first, then the built-in model)</option></select>
  <div style="width:2000px">wide</div>`;

describe("the gallery's layout checks", () => {
  const e2e = e2eForSuite();

  it('report every planted defect, and nothing on a clean page', async () => {
    const page = await e2e().browser.context.newPage();
    await page.setViewportSize({ width: 360, height: 600 });
    await page.setContent(CLEAN);
    expect(await layoutProblems(page)).toEqual([]);

    await page.setContent(BROKEN);
    const problems = (await layoutProblems(page)).join('\n');
    expect(problems).toMatch(/the page scrolls sideways: \d+ px wide in a 360 px viewport/);
    expect(problems).toMatch(
      /squeezed: <p#squeezed> “Specified native messaging host not found\.” is 12 px wide and wraps its text onto \d+ lines/,
    );
    expect(problems).toMatch(/cut off: <code\.command> “npx --yes antidrift-host@0\.2\.0 install --browser c” shows \d+ of its \d+ px/);
    expect(problems).toMatch(/cut off: <button> “Check again” lies outside <div>, which clips it/);
    expect(problems).toMatch(/too small: <p#tiny> “Done when: all tests pass” is set in 10\.5 px type/);
    expect(problems).toMatch(/cut off: <select> “Automatic \(the helper's backends first, then the b” shows \d+ of its label's \d+ px/);
    await page.close();
  });
});
