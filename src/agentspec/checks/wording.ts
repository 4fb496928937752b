// How findings name things: in the document's own terms (component types, names, fields), with the
// nearest existing name when a name is misspelt.
import { nearest } from '../../util/nearest.js';
import { abbreviate } from '../../util/abbreviate.js';
import type { Component } from './load.js';

/** `LlmNode 'summarize'`, or the type alone for a component without a name. */
export const label = (c: Component): string => (c.name ? `${c.type} '${c.name}'` : c.type);

/** `'a', 'b' and 'c'`, abbreviated past ten; `none` for an empty list. */
export function quoted(names: readonly string[]): string {
  if (names.length === 0) return 'none';
  const shown = abbreviate(names.map((n) => `'${n}'`));
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** ` (did you mean 'x'?)` when one candidate is close, else an empty string. */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const guess = nearest(name, candidates);
  return guess !== undefined && guess !== name ? ` (did you mean '${guess}'?)` : '';
}
