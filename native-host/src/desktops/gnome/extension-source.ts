// The antidrift GNOME Shell extension, as the files `install` writes: focus and title changes as a D-Bus signal.
import { GNOME_EXTENSION_UUID, GNOME_INTERFACE, GNOME_OBJECT_PATH } from './identity.js';

/** The first line of every file install writes: uninstall removes only files that carry it. */
export const GNOME_FILE_MARKER = '// antidrift GNOME Shell extension (written by antidrift-host install; removed by uninstall)';
/** GNOME 45 moved extensions to ES modules; 43 and 44 load the legacy `init()` form. */
export const FIRST_ESM_GNOME = 45;
/** Versions the extension is written for; install adds the running shell's own, so a newer GNOME does not mark it out of date. */
export const SUPPORTED_GNOME = ['43', '44', '45', '46', '47', '48', '49', '50', '51'];

const INTERFACE_XML = `<node>
  <interface name="${GNOME_INTERFACE}">
    <method name="Get">
      <arg type="s" direction="out" name="title"/>
      <arg type="s" direction="out" name="wmClass"/>
      <arg type="u" direction="out" name="pid"/>
    </method>
    <signal name="Changed">
      <arg type="s" name="title"/>
      <arg type="s" name="wmClass"/>
      <arg type="u" name="pid"/>
    </signal>
  </interface>
</node>`;

/** The watcher itself, the same for both module formats (GJS: Gio, GLib and `global` in scope). */
const WATCHER = `
const INTERFACE_XML = ${JSON.stringify(INTERFACE_XML)};

class ActiveWindowWatcher {
  enable() {
    this._window = null;
    this._titleId = 0;
    this._dbus = Gio.DBusExportedObject.wrapJSObject(INTERFACE_XML, this);
    this._dbus.export(Gio.DBus.session, ${JSON.stringify(GNOME_OBJECT_PATH)});
    this._focusId = global.display.connect('notify::focus-window', () => this._follow());
    this._follow();
  }

  disable() {
    global.display.disconnect(this._focusId);
    this._unfollow();
    this._dbus.unexport();
    this._dbus = null;
  }

  Get() {
    return this._facts();
  }

  _facts() {
    const w = this._window;
    if (!w) return ['', '', 0];
    const pid = w.get_pid();
    return [w.get_title() || '', w.get_wm_class() || w.get_gtk_application_id() || '', pid > 0 ? pid : 0];
  }

  _unfollow() {
    if (this._window && this._titleId) {
      try {
        this._window.disconnect(this._titleId);
      } catch (e) {
        // the window is already gone
      }
    }
    this._window = null;
    this._titleId = 0;
  }

  _follow() {
    this._unfollow();
    this._window = global.display.focus_window;
    if (this._window) this._titleId = this._window.connect('notify::title', () => this._emit());
    this._emit();
  }

  _emit() {
    if (this._dbus) this._dbus.emit_signal('Changed', new GLib.Variant('(ssu)', this._facts()));
  }
}
`;

const LEGACY = `${GNOME_FILE_MARKER}
'use strict';
const { Gio, GLib } = imports.gi;
${WATCHER}
function init() {
  return new ActiveWindowWatcher();
}
`;

const ESM = `${GNOME_FILE_MARKER}
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import { Extension } from 'resource:///org/gnome/shell/extensions/extension.js';
${WATCHER}
export default class AntidriftExtension extends Extension {
  enable() {
    this._watcher = new ActiveWindowWatcher();
    this._watcher.enable();
  }

  disable() {
    this._watcher.disable();
    this._watcher = null;
  }
}
`;

export function gnomeExtensionFiles(gnomeMajor: number): Record<'extension.js' | 'metadata.json', string> {
  const metadata = {
    uuid: GNOME_EXTENSION_UUID,
    name: 'antidrift',
    description: 'Tells the antidrift native host which window has the focus and its title, over D-Bus, so antidrift can notice drift.',
    'shell-version': SUPPORTED_GNOME.includes(String(gnomeMajor)) ? SUPPORTED_GNOME : [...SUPPORTED_GNOME, String(gnomeMajor)],
    url: 'https://antidrift.dev',
  };
  return {
    'extension.js': gnomeMajor >= FIRST_ESM_GNOME ? ESM : LEGACY,
    'metadata.json': `${JSON.stringify(metadata, null, 2)}\n`,
  };
}
