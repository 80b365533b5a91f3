// The environment a backend sees: an allowlist of the host's variables, never everything it inherited.
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
  // backend credentials and endpoints
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_BASE_URL',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'CLAUDE_CONFIG_DIR',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'CODEX_HOME',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'DASHSCOPE_API_KEY',
  'OLLAMA_HOST',
  'LLM_USER_PATH',
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

function allowed(name: string): boolean {
  if (ALLOWED_NAMES.has(name) || name.startsWith('LC_')) return true;
  return process.platform === 'win32' && WINDOWS_NAMES.has(name.toUpperCase());
}

export interface ChildEnvOptions {
  path: string;
  tmpDir: string;
  backendEnv?: Readonly<Record<string, string>>;
  source?: NodeJS.ProcessEnv;
}

export function buildChildEnv({ path, tmpDir, backendEnv, source = process.env }: ChildEnvOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && allowed(name)) env[name] = value;
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
