#!/usr/bin/env node
// Runs one command of `npm test` and writes the CPU time it and everything it waited for used (Linux: /proc/self/stat) to the file given.
// Usage: node scripts/test/cpu-of.mjs <file> <command> [args...]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [file, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(127);
});
child.on('close', (code, signal) => {
  try {
    // Fields 16 and 17 (cutime, cstime): the children this process waited for, and theirs, in clock ticks (100 a second).
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    writeFileSync(file, String((Number(fields[13]) + Number(fields[14])) * 10));
  } catch {
    // not Linux: no CPU figure
  }
  process.exit(code ?? (signal ? 128 : 1));
});
