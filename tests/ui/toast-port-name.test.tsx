// The toast's copy of the state port name must match the contract's constant.
import { expect, it } from 'vitest';
import { STATE_PORT_NAME } from '../../entrypoints/content/state-port-name';
import { STATE_PORT } from '../../shared/messages';

it('STATE_PORT_NAME equals STATE_PORT', () => {
  expect(STATE_PORT_NAME).toBe(STATE_PORT);
});
