// CPU time and memory of a process from /proc: ticks (utime+stime, optionally children) and per-thread ns.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may itself contain spaces and parentheses.
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
}

/** CPU seconds from /proc/PID/stat: utime+stime, plus cutime+cstime (reaped children) when asked. */
export function cpuSecondsFromStat(pid: number, withChildren = false): number {
  const f = statFields(pid);
  // After ')': state(0) ppid … utime(11) stime(12) cutime(13) cstime(14)
  let ticks = Number(f[11]) + Number(f[12]);
  if (withChildren) ticks += Number(f[13]) + Number(f[14]);
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU seconds summed over the process's live threads from /proc/PID/task/TID/schedstat (ns resolution):
 * an idle process uses far less than one 10 ms clock tick per minute, so ticks alone cannot compare two of them.
 */
export function cpuSecondsPrecise(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // thread exited between readdir and read
    }
  }
  return ns / 1e9;
}

export function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

export interface CpuSample {
  ticksSeconds: number;
  preciseSeconds: number;
}

export function sampleCpu(pid: number, withChildren = false): CpuSample {
  return { ticksSeconds: cpuSecondsFromStat(pid, withChildren), preciseSeconds: withChildren ? Number.NaN : cpuSecondsPrecise(pid) };
}
