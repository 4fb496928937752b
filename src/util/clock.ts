// The one source of wall-clock time for records (runs, jobs, sessions, workflows): injected through the
// options of the engine and the store, so a test can pin it and every stamp of one operation agrees.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The clock's time as the contract writes it (ISO 8601, UTC). */
export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}

/** The longest delay a timer holds (2^31 - 1 ms, about 24.8 days): Node fires a longer one at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
