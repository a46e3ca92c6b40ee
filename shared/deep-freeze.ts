/** A value no one may change: every object and array in it is read-only, all the way down. */
export type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/**
 * Freezes a value and everything in it, so a caller that changes a cached answer fails at once
 * (a TypeError in strict mode) instead of changing it for everyone it is handed to later.
 * Objects already frozen are taken as frozen all the way down (this module froze them).
 */
export function deepFreeze<T>(value: T): Frozen<T> {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value as Frozen<T>;
}
