// The long-lived osascript (JXA) helper that prints the frontmost app/window as a JSON line on change.
import type { HelperCommand } from '../../watcher/helper-source.js';

/**
 * NSWorkspace gives the frontmost app and pid; CGWindowListCopyWindowInfo gives its frontmost
 * window's title only with Screen Recording permission (without it kCGWindowName is absent).
 * Spinning the run loop (rather than delay()) keeps NSWorkspace's frontmostApplication current.
 * console.log goes to stderr in osascript, so lines are written to the stdout file handle.
 */
export const MACOS_WATCHER_SCRIPT = String.raw`
ObjC.import('AppKit');
ObjC.import('CoreGraphics');
ObjC.import('Foundation');
var stdout = $.NSFileHandle.fileHandleWithStandardOutput;
function print(obj) {
  var text = JSON.stringify(obj) + '\n';
  stdout.writeData($(text).dataUsingEncoding($.NSUTF8StringEncoding));
}
function titlesPermitted() {
  try { return !!$.CGPreflightScreenCaptureAccess(); } catch (e) { return null; }
}
function frontWindowTitle(pid) {
  var list = ObjC.deepUnwrap(ObjC.castRefToObject(
    $.CGWindowListCopyWindowInfo($.kCGWindowListOptionOnScreenOnly | $.kCGWindowListExcludeDesktopElements, $.kCGNullWindowID)));
  if (!list) return '';
  for (var i = 0; i < list.length; i++) {
    var w = list[i];
    if (w.kCGWindowOwnerPID === pid && w.kCGWindowLayer === 0) return w.kCGWindowName || '';
  }
  return '';
}
function run() {
  print({ status: 'ready', titles: titlesPermitted() });
  var last = '';
  var workspace = $.NSWorkspace.sharedWorkspace;
  while (true) {
    var app = workspace.frontmostApplication;
    var line;
    if (app && !app.isNil()) {
      var pid = app.processIdentifier;
      var name = ObjC.unwrap(app.localizedName) || '';
      line = JSON.stringify({ title: frontWindowTitle(pid), app: name, pid: pid });
    } else {
      line = JSON.stringify({ title: '', app: '' });
    }
    if (line !== last) {
      last = line;
      stdout.writeData($(line + '\n').dataUsingEncoding($.NSUTF8StringEncoding));
    }
    $.NSRunLoop.currentRunLoop.runUntilDate($.NSDate.dateWithTimeIntervalSinceNow(0.25));
  }
}
`;

export function macosHelperCommand(): HelperCommand {
  // osascript reads the script from stdin when no file is given ('-').
  return { command: 'osascript', args: ['-l', 'JavaScript', '-'], stdin: MACOS_WATCHER_SCRIPT };
}
