// The machine a bench ran on: numbers without it mean little.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { CHROMIUM_PATH } from '../../harness/chromium';
import { round } from './stats';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  ramGiB: number;
  os: string;
  node: string;
  chromium: string;
  loadAverageAtStart: number[];
}

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return `${pretty ?? osType()} (${osType()} ${release()})`;
  } catch {
    return `${osType()} ${release()}`;
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', timeout: 20_000 }).trim();
  } catch (error) {
    return `unknown (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

export const loadAverage = (): number[] => loadavg().map((l) => round(l, 2));

export function machineInfo(): MachineInfo {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    ramGiB: round(totalmem() / 2 ** 30, 1),
    os: osName(),
    node: process.version,
    chromium: chromiumVersion(),
    loadAverageAtStart: loadAverage(),
  };
}
