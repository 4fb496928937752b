/** Serialises async work per key: writes to one workflow run one after another, others in parallel. */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Whether nothing is running or queued under `key`. */
  idle(key: string): boolean {
    return !this.tails.has(key);
  }

  /** Resolves when every queued piece of work has finished (used on shutdown). */
  async drain(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }
}
