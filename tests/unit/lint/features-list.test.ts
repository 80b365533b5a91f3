// One list of the features: shared/features.ts's declarations, the lint's features (their folders) and the worker's wiring agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES as LINTED } from '../../../eslint/boundaries.mjs';
import { FEATURE_REQUESTS, FEATURES } from '../../../shared/features';
import { CORE_REQUEST_TYPES, REQUEST_TYPES } from '../../../shared/messages/requests';

const ROOT = new URL('../../..', import.meta.url).pathname;

describe('the features list', () => {
  it('names the folders the lint holds apart, each with its declaration file', () => {
    expect(FEATURES.map((feature) => feature.name).sort()).toEqual([...LINTED]);
  });

  it('the worker wires each, in the list’s order', () => {
    const wiring = readFileSync(`${ROOT}background/features.ts`, 'utf8');
    const wired = [...wiring.matchAll(/\b(\w+)Feature\.wire\(/g)].map((match) => match[1]);
    expect(wired).toEqual(FEATURES.map((feature) => feature.name));
  });

  it('no two features, nor a feature and the core, declare one request', () => {
    const declared = FEATURES.flatMap((feature) => Object.keys(feature.requests));
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(FEATURE_REQUESTS).sort()).toEqual([...declared].sort());
    expect(CORE_REQUEST_TYPES.filter((type) => declared.includes(type))).toEqual([]);
    expect([...REQUEST_TYPES].sort()).toEqual([...CORE_REQUEST_TYPES, ...declared].sort());
  });
});
