// The long-lived PowerShell helper that prints the foreground window as a JSON line on change.
import type { HelperCommand } from '../../watcher/helper-source.js';

/**
 * Polls GetForegroundWindow every 250 ms inside one PowerShell process (no spawn per poll) and
 * prints `{"title","app","pid"}` only when something changed. Get-Process runs only when the pid
 * changes. A failed write (the host went away) ends the loop.
 */
export const WINDOWS_WATCHER_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
Add-Type -Namespace AntiDrift -Name User32 -MemberDefinition @'
[DllImport("user32.dll")] public static extern IntPtr GetForegroundWindow();
[DllImport("user32.dll", CharSet = CharSet.Unicode)] public static extern int GetWindowTextLength(IntPtr hWnd);
[DllImport("user32.dll", CharSet = CharSet.Unicode)] public static extern int GetWindowText(IntPtr hWnd, System.Text.StringBuilder text, int count);
[DllImport("user32.dll")] public static extern uint GetWindowThreadProcessId(IntPtr hWnd, out uint processId);
'@
$out = New-Object System.IO.StreamWriter([Console]::OpenStandardOutput(), (New-Object System.Text.UTF8Encoding($false)))
$out.AutoFlush = $true
$out.WriteLine('{"status":"ready","titles":true}')
$last = ''
$lastProcId = -1
$app = ''
while ($true) {
  $title = ''
  $procId = 0
  $hwnd = [AntiDrift.User32]::GetForegroundWindow()
  if ($hwnd -ne [IntPtr]::Zero) {
    $len = [AntiDrift.User32]::GetWindowTextLength($hwnd)
    $sb = New-Object System.Text.StringBuilder ([Math]::Max($len, 0) + 1)
    [void][AntiDrift.User32]::GetWindowText($hwnd, $sb, $sb.Capacity)
    $title = $sb.ToString()
    [uint32]$owner = 0
    [void][AntiDrift.User32]::GetWindowThreadProcessId($hwnd, [ref]$owner)
    $procId = [int]$owner
  }
  if ($procId -ne $lastProcId) {
    $lastProcId = $procId
    $app = ''
    if ($procId -gt 0) {
      try { $app = (Get-Process -Id $procId -ErrorAction Stop).ProcessName } catch { $app = '' }
    }
  }
  $line = [ordered]@{ title = $title; app = $app; pid = $procId } | ConvertTo-Json -Compress
  if ($line -ne $last) {
    try { $out.WriteLine($line) } catch { exit 0 }
    $last = $line
  }
  Start-Sleep -Milliseconds 250
}
`;

/**
 * `-Command -` reads statements from stdin line by line, and multi-line blocks there need blank-line
 * terminators; sending the script as one base64 line through Invoke-Expression sidesteps that.
 */
export function windowsHelperCommand(): HelperCommand {
  const encoded = Buffer.from(WINDOWS_WATCHER_SCRIPT, 'utf8').toString('base64');
  return {
    command: 'powershell.exe',
    args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-Command', '-'],
    stdin: `Invoke-Expression ([System.Text.Encoding]::UTF8.GetString([System.Convert]::FromBase64String('${encoded}')))\n`,
  };
}
