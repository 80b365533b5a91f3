// Human-readable output for the install commands: stdout lines, aligned tables, stderr errors.

export interface Output {
  line(text: string): void;
  table(title: string, rows: [string, string][]): void;
  error(text: string): void;
}

export function consoleOutput(): Output {
  return {
    line: (text) => process.stdout.write(`${text}\n`),
    error: (text) => process.stderr.write(`${text}\n`),
    table(title, rows) {
      process.stdout.write(`${formatTable(title, rows)}\n`);
    },
  };
}

export function formatTable(title: string, rows: [string, string][]): string {
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return [title ? `${title}:` : '', ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].filter(Boolean).join('\n');
}
