// Tells zod that extension pages forbid eval, before the first parse: its probe `Function('')` would only raise a CSP violation.
import { config } from 'zod';

// MV3 extension pages never allow 'unsafe-eval', so zod's compiled parsers could not run there anyway;
// jitless skips the probe (Firefox reports the caught attempt as a CSP violation in the console).
config({ jitless: true });
