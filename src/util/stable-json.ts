// Pretty JSON with a deterministic key order, so hand edits and `git diff` stay small:
// identifying keys first (in this order), then the rest alphabetically. Arrays keep their order.
const LEADING_KEYS = ['id', 'name', 'label', 'type', 'title', 'description', 'source', 'sourceHandle', 'target', 'targetHandle', 'position'];
const leadingRank = new Map(LEADING_KEYS.map((k, i) => [k, i]));

function compareKeys(a: string, b: string): number {
  const ra = leadingRank.get(a);
  const rb = leadingRank.get(b);
  if (ra !== undefined || rb !== undefined) return (ra ?? Infinity) - (rb ?? Infinity);
  return a < b ? -1 : a > b ? 1 : 0;
}

function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareKeys)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = ordered(v);
  }
  return out;
}

export function stableStringify(value: unknown): string {
  return JSON.stringify(ordered(value), null, 2) + '\n';
}
