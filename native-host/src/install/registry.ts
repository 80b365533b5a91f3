// Windows registry access for host registration through reg.exe, argv only (no shell).
import { spawn } from 'node:child_process';

interface RegResult {
  code: number;
  stdout: string;
  stderr: string;
}

function reg(args: string[]): Promise<RegResult> {
  return new Promise((resolve) => {
    const child = spawn('reg.exe', args, { shell: false, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err) => resolve({ code: -1, stdout, stderr: err.message }));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Sets the key's default value (creating the key). */
export async function setDefaultValue(key: string, value: string): Promise<void> {
  const result = await reg(['add', key, '/ve', '/t', 'REG_SZ', '/d', value, '/f']);
  if (result.code !== 0) throw new Error(`reg add ${key} failed: ${result.stderr.trim() || `exit ${result.code}`}`);
}

/** The key's default value, or null when the key or value is missing. */
export async function getDefaultValue(key: string): Promise<string | null> {
  const result = await reg(['query', key, '/ve']);
  if (result.code !== 0) return null;
  return parseDefaultValue(result.stdout);
}

/** Parses `reg query KEY /ve` output: a line like `    (Default)    REG_SZ    C:\path`. */
export function parseDefaultValue(stdout: string): string | null {
  for (const line of stdout.split(/\r?\n/)) {
    const match = /^\s+\S.*?\s{2,}REG_(?:EXPAND_)?SZ\s{2,}(.*)$/.exec(line);
    if (match) return match[1]!.trim();
  }
  return null;
}

export async function deleteKey(key: string): Promise<void> {
  const result = await reg(['delete', key, '/f']);
  if (result.code !== 0) throw new Error(`reg delete ${key} failed: ${result.stderr.trim() || `exit ${result.code}`}`);
}
