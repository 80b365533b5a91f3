// Options page entry: mounts the options UI.
import { render } from 'preact';

function Options() {
  return <main>antidrift</main>;
}

render(<Options />, document.getElementById('app')!);
