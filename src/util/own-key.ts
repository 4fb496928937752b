/**
 * `target[key] = value`, except that a key named "__proto__" (JSON.parse makes it an own property) stays an own
 * property, as object spread would keep it, instead of setting the prototype. Assignment otherwise: the
 * copies that call this (a save's stable JSON) are hot.
 */
export function setOwnKey<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
