// Test-only GNOME Shell extension (GNOME 43 format): lets the tests activate a window by pid, as a person's click would.
'use strict';
const { Gio } = imports.gi;

const XML = `<node><interface name="dev.antidrift.Test">
  <method name="Activate"><arg type="u" direction="in" name="pid"/><arg type="b" direction="out" name="found"/></method>
  <method name="Titles"><arg type="as" direction="out" name="titles"/></method>
</interface></node>`;

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
    return this._windows().map((w) => `${w.get_pid()}:${w.get_title()}`);
  }
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- GNOME Shell calls init() of a legacy extension
function init() {
  return new TestControl();
}
