// The privacy policy inside the extension (linked from the welcome page and Options): PRIVACY.md itself, bundled, so it reads the same offline.
import { render } from 'preact';
import policy from '../../PRIVACY.md?raw';
import { Markdown } from '../../ui/markdown';
import '../../ui/theme.css';

render(
  <main class="page privacy" data-testid="privacy-policy">
    <Markdown source={policy} />
  </main>,
  document.getElementById('app')!,
);
