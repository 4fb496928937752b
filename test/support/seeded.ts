// Repeatable randomness for the race and crash tests: the seed comes from an environment variable, and the
// one used is printed, so a failure can be replayed (WFE_RACE_SEED=1234 npx vitest run test/save-race.test.ts).

/** A number from the environment (a seed, a count of rounds), or the default; says which it is. */
export function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not ${raw}`);
  return value;
}

export interface SeededRandom {
  seed: number;
  /** In [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  below(n: number): number;
}

/** mulberry32: small, fast and good enough to pick moments and workflows. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { seed, next, below: (n) => Math.floor(next() * n) };
}
