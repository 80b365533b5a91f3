// The build constant that turns the end-to-end test hooks on (wxt.config.ts defines it: true only in ANTIDRIFT_E2E=1 builds).
interface ImportMetaEnv {
  readonly ANTIDRIFT_TEST_HOOKS: boolean;
}
