// Options opened at a section (options.html#helper, #ai-backend: where the popup and the welcome page lead): scrolled to it, its heading focused.
import { useEffect } from 'preact/hooks';

function showSection(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const section = id ? document.getElementById(id) : null;
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  // The heading, not the section: a screen reader then starts reading where the eye lands.
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** Once the page's sections exist (`ready`), and whenever the address names another one. */
export function useSectionFromAddress(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    showSection();
    window.addEventListener('hashchange', showSection);
    return () => window.removeEventListener('hashchange', showSection);
  }, [ready]);
}
