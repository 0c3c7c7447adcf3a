/* Growing the typed arrays of the packed file table. */

export type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** A copy of `array` in a new array of `capacity` (at least its length). */
export function grownCopy<T extends TypedArray>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(Math.max(capacity, array.length));
  next.set(array as never);
  return next;
}

/** Capacity after growing: by half, so spare room stays a third at most. */
export function grown(capacity: number): number {
  return Math.max(64, Math.ceil(capacity * 1.5));
}

export function grow<T extends TypedArray>(array: T, capacity: number): T {
  if (capacity <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array as never);
  return next;
}
