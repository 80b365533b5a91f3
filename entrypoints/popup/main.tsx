// Toolbar popup entry: mounts the popup UI.
import { render } from 'preact';

function Popup() {
  return <main>antidrift</main>;
}

render(<Popup />, document.getElementById('app')!);
