// The numbers of the files `wfe diff` compares that no double stands for (9007199254740993, a 20-digit id),
// as the files wrote them: JSON.parse makes the same double of different literals, and the diff would see no
// change.
import { doubleStandsFor, ExactNumber, mayNeedExact } from '../util/exact-number.js';
import { numberLiterals } from '../util/json-number-literals.js';
import { isRecord } from '../util/narrow.js';
import { setOwnKey } from '../util/own-key.js';

// A literal mayNeedExact picks, where JSON puts a number: its exponent is followed by what ends a value (a
// UUID string holds "3e456"). A text without one, nearly every workflow, costs this one scan and no other.
const MAY_NEED_EXACT = /(?:\d\.?){16}|\d[eE][+-]?\d{3,}(?:[\s,\]}]|$)/;

type Container = Record<string, unknown> | unknown[];

/**
 * The numbers no double stands for in the values JSON.parse made of the files compared, by the object or array
 * holding each. A file whose literals are unknown (YAML, Agent Spec converted to new values) makes every number
 * compare as a double, on both sides, as JSON.parse left it: a literal on one side only would differ from the
 * same number on the other.
 */
export class NumberLiterals {
  /** Per object or array: its numbers no double stands for, by key (an array's index, as text). */
  readonly #exact = new WeakMap<object, Map<string, ExactNumber>>();
  /** The objects and arrays that hold such a number at any depth: only these are copied. */
  readonly #holding = new WeakSet<object>();
  #asDoubles = false;

  /** Records the numbers of `text`, a JSON text whose value JSON.parse made `value`, that no double stands for. */
  record(text: string, value: unknown): void {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (!MAY_NEED_EXACT.test(body) || !isContainer(value)) return;
    for (const { path, literal } of numberLiterals(body, (candidate) => mayNeedExact(candidate) && !doubleStandsFor(candidate)))
      this.#recordAt(value, path, literal);
  }

  /** A file whose literals are unknown: from now on every number reads as the double it was parsed as. */
  asDoubles(): void {
    this.#asDoubles = true;
  }

  /** `copy` holds `original`'s values under the same keys (a shallow copy with some replaced): they read alike. */
  sameAs(copy: object, original: object): void {
    const exact = this.#exact.get(original);
    if (exact) this.#exact.set(copy, exact);
    if (this.#holding.has(original)) this.#holding.add(copy);
  }

  /** `value` as the diff compares it: a copy in which each number no double stands for is an ExactNumber. */
  exact(value: unknown): unknown {
    if (!isContainer(value) || this.#asDoubles || !this.#holding.has(value)) return value;
    if (Array.isArray(value)) return value.map((_, i) => this.#read(value, String(i)));
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwnKey(copy, key, this.#read(value, key));
    return copy;
  }

  /** The value `container` holds as its own at `key` (undefined when none), as exact() makes it. */
  exactAt(container: Record<string, unknown>, key: string): unknown {
    return Object.hasOwn(container, key) ? this.#read(container, key) : undefined;
  }

  #read(container: Container, key: string): unknown {
    const value = childOf(container, key);
    const exact = this.#asDoubles ? undefined : this.#exact.get(container)?.get(key);
    // A value changed since it was parsed is no longer the literal's.
    return exact && exact.double === value ? exact : this.exact(value);
  }

  /** Records `literal` as the number at `path` in `top`, where JSON.parse put it. */
  #recordAt(top: Container, path: string[], literal: string): void {
    const key = path.at(-1);
    if (key === undefined) return;
    const holding = [top];
    let container = top;
    for (const step of path.slice(0, -1)) {
      const next = childOf(container, step);
      if (!isContainer(next)) return;
      holding.push(next);
      container = next;
    }
    if (typeof childOf(container, key) !== 'number') return;
    let exact = this.#exact.get(container);
    if (!exact) this.#exact.set(container, (exact = new Map()));
    exact.set(key, new ExactNumber(literal));
    for (const each of holding) this.#holding.add(each);
  }
}

const isContainer = (value: unknown): value is Container => Array.isArray(value) || isRecord(value);

/** What an array holds at an index (as text), or an object as its own at a key. */
const childOf = (container: Container, key: string): unknown =>
  Array.isArray(container) ? container[Number(key)] : Object.hasOwn(container, key) ? container[key] : undefined;
