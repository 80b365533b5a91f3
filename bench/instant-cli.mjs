#!/usr/bin/env node
// Instant fake backend for the runner-overhead benchmark: reads the prompt, prints a fixed answer.
import { readFileSync } from 'node:fs';

readFileSync(0);
process.stdout.write('ok');
