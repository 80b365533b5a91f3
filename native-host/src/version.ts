// The host's version, injected by the build from package.json.
declare const __ANTIDRIFT_HOST_VERSION__: string | undefined;

export const HOST_VERSION: string = typeof __ANTIDRIFT_HOST_VERSION__ === 'string' ? __ANTIDRIFT_HOST_VERSION__ : '0.0.0-dev';
