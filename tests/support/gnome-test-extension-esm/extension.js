// Test-only GNOME Shell extension (GNOME 45+ ES-module format): lets the tests activate a window by pid, as a person's click would.
import Gio from 'gi://Gio';
import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';

const XML = `<node><interface name="dev.antidrift.Test">
  <method name="Activate"><arg type="u" direction="in" name="pid"/><arg type="b" direction="out" name="found"/></method>
  <method name="Titles"><arg type="as" direction="out" name="titles"/></method>
</interface></node>`;

class TestControl {
  export() {
    this._dbus = Gio.DBusExportedObject.wrapJSObject(XML, this);
    this._dbus.export(Gio.DBus.session, '/dev/antidrift/Test');
  }

  unexport() {
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
    return this._windows().map((w) => `${w.get_pid()}:${w.get_title()}`);
  }
}

export default class AntidriftTestExtension extends Extension {
  enable() {
    this._control = new TestControl();
    this._control.export();
  }

  disable() {
    this._control.unexport();
    this._control = null;
  }
}
