/** A part of the dictionary under its own prefix: `storage.quota`, `interop.import`. */
export type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}.${K}`]: T[K] };

export function prefixed<P extends string, T extends Record<string, string>>(
  prefix: P,
  words: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(words).map(([key, text]) => [`${prefix}.${key}`, text]),
  ) as Prefixed<P, T>;
}
