// The environment a backend sees: an allowlist of the host's variables plus the backend's own names, never everything it inherited.
const ALLOWED_NAMES = new Set([
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'TZ',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_STATE_HOME',
  'XDG_RUNTIME_DIR',
  // proxies, both spellings
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
]);

/** Windows programs (node included) do not start without these. */
const WINDOWS_NAMES = new Set([
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'HOMEDRIVE',
  'HOMEPATH',
  'USERNAME',
  'TEMP',
  'TMP',
]);

function allowed(name: string, backendNames: ReadonlySet<string>): boolean {
  if (ALLOWED_NAMES.has(name) || backendNames.has(name) || name.startsWith('LC_')) return true;
  return process.platform === 'win32' && WINDOWS_NAMES.has(name.toUpperCase());
}

export interface ChildEnvOptions {
  path: string;
  tmpDir: string;
  /** Variables the backend may see from the host's environment (its keys and endpoints). */
  passNames?: readonly string[];
  /** Fixed variables the backend runs with. */
  backendEnv?: Readonly<Record<string, string>>;
  source?: NodeJS.ProcessEnv;
}

export function buildChildEnv({ path, tmpDir, passNames = [], backendEnv, source = process.env }: ChildEnvOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const backendNames = new Set(passNames);
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && allowed(name, backendNames)) env[name] = value;
  }
  Object.assign(env, backendEnv ?? {});
  env.PATH = path;
  env.TMPDIR = tmpDir;
  env.TMP = tmpDir;
  env.TEMP = tmpDir;
  env.NO_COLOR = '1';
  env.TERM = 'dumb';
  return env;
}
