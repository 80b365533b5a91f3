// The privacy policy page renders PRIVACY.md itself: its headings, its receivers' table and its facts, with no HTML parsed from the text.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../ui/markdown';

afterEach(cleanup);

describe('the privacy policy page', () => {
  it('renders PRIVACY.md: the title, each section, the table of who receives what, the facts', () => {
    render(<Markdown source={readFileSync('PRIVACY.md', 'utf8')} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('antidrift privacy policy');
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['In short', 'Who receives what', 'The facts', 'Your choices', 'Permissions', 'Changes']);
    const rows = screen.getAllByRole('row').map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent));
    expect(rows).toContainEqual(['claude', 'Anthropic']);
    expect(document.body.textContent).toContain('Nothing goes to an AI off this computer before you say yes to it.');
    // A link to another file of the repository keeps its words only: the page is inside the extension.
    expect(document.querySelector('a[href="docs/store/permissions.md"]')).toBeNull();
  });

  it('markup in the text stays text', () => {
    render(<Markdown source={'# <img src=x onerror=alert(1)>\n\n- **bold** and `<b>code</b>` [out](https://example.org)'} />);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('h1')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelector('strong')!.textContent).toBe('bold');
    expect(document.querySelector('code')!.textContent).toBe('<b>code</b>');
    expect(document.querySelector('a')!.getAttribute('rel')).toBe('noreferrer');
  });
});
