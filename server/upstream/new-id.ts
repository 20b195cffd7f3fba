/** A random id with a prefix, e.g. `call_3f9a…`, for pieces an upstream left without one. */
export function newId(prefix: string): string {
  return `${prefix}${crypto.randomUUID().replace(/-/gu, "").slice(0, 24)}`;
}
