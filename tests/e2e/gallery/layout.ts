// Layout facts of a rendered page, checked inside it (open shadow roots included): overflow, squeezed text, clipped commands and buttons.
import type { Page } from 'playwright-core';

/** Narrower than this, an element holding text must hold it on one line: a squeezed column shows a word a line, or a letter. */
export const MIN_TEXT_WIDTH_PX = 60;
/** The smallest text we set (hints, the log): anything smaller is a size that went wrong. */
export const MIN_FONT_PX = 12;

/**
 * What is wrong with the page's layout, one readable line per problem (empty: nothing):
 * - the page scrolls sideways;
 * - an element with text of its own is narrower than MIN_TEXT_WIDTH_PX and wraps it, or set smaller than MIN_FONT_PX;
 * - a button, link, summary, field or command is cut off: outside the viewport's width, hidden by an
 *   ancestor that clips, or with content it scrolls or hides (a command must show whole).
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ minWidth, minFont }) => {
      const problems: string[] = [];
      const viewport = document.documentElement.clientWidth;
      const name = (el: Element) => {
        const id = el.getAttribute('data-testid') ?? el.id;
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
        return `<${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${cls}> “${text}”`;
      };
      const all: Element[] = [];
      const walk = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          all.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      const visible = (el: Element) => {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'contents') return false;
        // Screen-reader-only text (clipped to 1 px on purpose) is not laid out for the eye.
        return !(rect.width <= 1 && rect.height <= 1);
      };

      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > viewport + 1) {
        const wide = all.filter((el) => visible(el) && el.getBoundingClientRect().right > viewport + 1).slice(0, 3);
        problems.push(`the page scrolls sideways: ${scrollWidth} px wide in a ${viewport} px viewport (${wide.map(name).join('; ')})`);
      }

      for (const el of all) {
        if (!visible(el)) continue;
        const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        if (own.length === 0) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < minFont) problems.push(`too small: ${name(el)} is set in ${size} px type`);
        const rect = el.getBoundingClientRect();
        if (rect.width >= minWidth) continue;
        const range = document.createRange();
        const tops = new Set<number>();
        for (const node of own) {
          range.selectNodeContents(node);
          for (const line of range.getClientRects()) if (line.width > 0) tops.add(Math.round(line.top));
        }
        if (tops.size > 1)
          problems.push(`squeezed: ${name(el)} is ${Math.round(rect.width)} px wide and wraps its text onto ${tops.size} lines`);
      }

      const controls = all.filter(
        (el) =>
          el.matches(
            'button, a[href], summary, select, input:not([type="file"]), textarea, [role="button"], .command, label.button-like',
          ) &&
          !el.classList.contains('visually-hidden') &&
          visible(el),
      );
      for (const el of controls) {
        const rect = el.getBoundingClientRect();
        if (rect.left < -1 || rect.right > viewport + 1)
          problems.push(`cut off: ${name(el)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px of a ${viewport} px viewport`);
        const style = getComputedStyle(el);
        const hides = (v: string) => v === 'hidden' || v === 'clip' || v === 'auto' || v === 'scroll';
        if (
          !el.matches('textarea, select, input') &&
          (hides(style.overflowX) || style.textOverflow === 'ellipsis') &&
          el.scrollWidth > el.clientWidth + 1
        )
          problems.push(`cut off: ${name(el)} shows ${el.clientWidth} of its ${el.scrollWidth} px (it scrolls or hides the rest)`);
        // A select shows its chosen option's label, cut at its own width (less its arrow and padding).
        if (el instanceof HTMLSelectElement && el.selectedOptions[0]) {
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const label = el.selectedOptions[0].textContent ?? '';
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          const needed = context.measureText(label).width;
          if (needed > room) problems.push(`cut off: ${name(el)} shows ${Math.round(room)} of its label's ${Math.round(needed)} px`);
        }
        // An ancestor that clips (not the page itself, which scrolls): the control must lie inside its box.
        for (let up: Element | null = el.parentElement ?? (el.getRootNode() as ShadowRoot).host ?? null; up; up = up.parentElement) {
          if (up === document.body || up === document.documentElement) break;
          const s = getComputedStyle(up);
          if (!hides(s.overflowX) && !hides(s.overflowY)) continue;
          const box = up.getBoundingClientRect();
          const outX = hides(s.overflowX) && (rect.left < box.left - 1 || rect.right > box.right + 1);
          // A scroller (auto/scroll) shows what is below by scrolling; only a hard clip hides it for good.
          const hardY = s.overflowY === 'hidden' || s.overflowY === 'clip';
          const outY = hardY && (rect.top < box.top - 1 || rect.bottom > box.bottom + 1);
          if (outX || outY) {
            problems.push(`cut off: ${name(el)} lies outside ${name(up).split(' “')[0]}, which clips it`);
            break;
          }
        }
      }
      return problems;
    },
    { minWidth: MIN_TEXT_WIDTH_PX, minFont: MIN_FONT_PX },
  );
}
