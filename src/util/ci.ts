/** Same test as ink's (is-in-ci), so the CLI and ink agree on when to stay non-interactive. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI ?? env.CONTINUOUS_INTEGRATION;
  return value !== undefined && value !== '0' && value !== 'false';
}

/**
 * Whether a person watches a terminal that can take a live view (a progress bar, the dashboard): not in CI,
 * and not on a dumb terminal (TERM=dumb: Emacs' shell, some IDE consoles), which cannot move its cursor.
 */
export const takesLiveView = (env: NodeJS.ProcessEnv = process.env): boolean => !isCi(env) && env.TERM !== 'dumb';
