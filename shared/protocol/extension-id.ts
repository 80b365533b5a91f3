// The fixed IDs of the extension, shared by the extension, the host installer and the tests.

/** Chromium extension ID derived from the manifest `key` in wxt.config.ts. */
export const EXTENSION_ID = 'pebbmdeoehmckofpooiemkbkhdlekpgj';

/** Firefox add-on id (browser_specific_settings.gecko.id). */
export const GECKO_ID = 'antidrift@antidrift.dev';

/** Name of the native messaging host, as registered with every browser. */
export const NATIVE_HOST_NAME = 'dev.antidrift.host';
