/** How many names a message lists before it counts the rest: a 10,000-node workflow must not make a 300 KB line. */
const LISTED_IN_MESSAGE = 10;

/** The first `max` items, then "… and N more" when there are more; the caller joins them. */
export function abbreviate(items: readonly string[], max = LISTED_IN_MESSAGE): string[] {
  return items.length <= max ? [...items] : [...items.slice(0, max), `… and ${items.length - max} more`];
}
