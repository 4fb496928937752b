// Which `pattern`s of a node type's configSchema are run on configs. A JavaScript RegExp backtracks: a
// repeated group that can match the same text in more than one way (`^(a+)+$`, `^(a|a)*$`) or a
// backreference takes exponential time on a short input that fails, and it runs on the event loop. Such a
// pattern is not run (the config is not checked against it); every other one is. The screen errs on the
// side of not running: `^(cat|dog)+$` is safe, and is not run either.

/** Whether a repetition starts at `at` in `source`: *, +, or {n,} / {n,m} with m above 1. */
function repeatsAt(source: string, at: number): boolean {
  const c = source[at];
  if (c === '*' || c === '+') return true;
  if (c !== '{') return false;
  const bounds = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at, at + 24));
  if (!bounds) return false;
  if (bounds[2] === undefined) return Number(bounds[1]) > 1;
  return bounds[3] === '' || Number(bounds[3]) > 1;
}

/** True when the pattern has no repeated group holding a repetition or an alternative, and no backreference. */
export function safeToRun(source: string): boolean {
  // For each open group: whether it holds a repetition or an alternative so far.
  const groups: boolean[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return false;
      i++;
      continue;
    }
    if (c === '[') {
      // A character class: up to its closing ], escapes included; a ] first is a literal one.
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      if (repeatsAt(source, i + 1) && groups.length > 0) groups[groups.length - 1] = true;
      continue;
    }
    if (c === '(') {
      groups.push(false);
      continue;
    }
    if (c === ')') {
      const ambiguous = groups.pop() ?? false;
      if (ambiguous && repeatsAt(source, i + 1)) return false;
      // What is inside is part of the enclosing group.
      if (groups.length > 0 && (ambiguous || repeatsAt(source, i + 1))) groups[groups.length - 1] = true;
      continue;
    }
    if (groups.length > 0 && (c === '|' || repeatsAt(source, i))) groups[groups.length - 1] = true;
  }
  return true;
}
