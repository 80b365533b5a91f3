// Imported first by the worker's entry: asks for the stored state and the active tab before any other module is evaluated.
import { lookAtActiveTabEarly } from './observe/tab-at-wake';
import { readStoredStateEarly } from './stored-state-read';

readStoredStateEarly();
lookAtActiveTabEarly();
