// Before each ext test: the fake browser as WXT makes it, whatever the file before left on it (the files share one module graph).
import { beforeEach } from 'vitest';
import { removeDnr } from './fake-dnr';

// A fake declarativeNetRequest is installed per test that wants one; fakeBrowser.reset() does not remove it.
beforeEach(() => removeDnr());
