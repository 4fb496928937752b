// What each versionId named when the server first served it: the hash of that file text. A file that holds a
// versionId with other text was edited by hand (or copied and changed) since, wherever it now is and however it
// got there (in place, deleted and written again, moved): it is served under a disk-<hash> id instead, so an
// If-Match of the old version cannot pass. Only this run's versions are known (nothing is kept on disk).
import { LRUCache } from 'lru-cache';

export class VersionTexts {
  private readonly hashes: LRUCache<string, string>;

  /** `max`: versions remembered at most (a save adds one); the least recently used are forgotten first. */
  constructor({ max = 100_000 }: { max?: number } = {}) {
    // Bounded by a size of 1 per entry rather than by `max`: lru-cache allocates its arrays for `max` entries up
    // front, about 19 ms at 100,000 for each store opened, while these grow as versions are served.
    this.hashes = new LRUCache({ maxSize: max, sizeCalculation: () => 1 });
  }

  /** Notes that `versionId` is served for the text of `hash`, unless it named another text before. */
  served(versionId: string, hash: string): void {
    if (hash === '' || this.hashes.has(versionId)) return;
    this.hashes.set(versionId, hash);
  }

  /** Whether `versionId` was first served for another text than that of `hash`. */
  namedOtherText(versionId: string, hash: string): boolean {
    const first = this.hashes.get(versionId);
    return first !== undefined && first !== hash;
  }
}
