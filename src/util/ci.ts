/** Same test as ink's (is-in-ci), so the CLI and ink agree on when to stay non-interactive. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI ?? env.CONTINUOUS_INTEGRATION;
  return value !== undefined && value !== '0' && value !== 'false';
}
