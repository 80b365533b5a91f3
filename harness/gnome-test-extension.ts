// The test-only GNOME Shell extension (activates a window by pid, as a person's click would), in the form each GNOME loads.
export const TEST_EXTENSION_UUID = 'antidrift-test@antidrift.dev';

const CONTROL = `
const XML = \`<node><interface name="dev.antidrift.Test">
  <method name="Activate"><arg type="u" direction="in" name="pid"/><arg type="b" direction="out" name="found"/></method>
  <method name="Titles"><arg type="as" direction="out" name="titles"/></method>
</interface></node>\`;

class TestControl {
  enable() {
    this._dbus = Gio.DBusExportedObject.wrapJSObject(XML, this);
    this._dbus.export(Gio.DBus.session, '/dev/antidrift/Test');
  }

  disable() {
    this._dbus.unexport();
  }

  _windows() {
    return global.get_window_actors().map((a) => a.meta_window);
  }

  Activate(pid) {
    const w = this._windows().find((x) => x.get_pid() === pid);
    if (!w) return false;
    w.activate(global.get_current_time());
    return true;
  }

  Titles() {
    return this._windows().map((w) => \`\${w.get_pid()}:\${w.get_title()}\`);
  }
}
`;

/** GNOME 43–44 load `init()`; 45 and later an ES module whose default export extends Extension. */
export function testExtensionFiles(gnomeMajor: number): Record<'extension.js' | 'metadata.json', string> {
  const esm = gnomeMajor >= 45;
  const script = esm
    ? `import Gio from 'gi://Gio';
import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';
${CONTROL}
export default class AntidriftTestExtension extends Extension {
  enable() {
    this._control = new TestControl();
    this._control.enable();
  }

  disable() {
    this._control.disable();
    this._control = null;
  }
}
`
    : `'use strict';
const { Gio } = imports.gi;
${CONTROL}
function init() {
  return new TestControl();
}
`;
  const metadata = {
    uuid: TEST_EXTENSION_UUID,
    name: 'antidrift test control',
    description: "Test-only: activates windows by pid for antidrift's tests.",
    'shell-version': [String(gnomeMajor)],
  };
  return {
    'extension.js': `// Test-only GNOME Shell extension for antidrift's tests.\n${script}`,
    'metadata.json': JSON.stringify(metadata, null, 2),
  };
}
