/** How deep a request may nest; a chat request needs a handful of levels, a tool schema a few more. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `max` arrays and objects. Walked with a stack of
 * its own, not by recursion: a body 100,000 levels deep would otherwise overflow the call stack
 * of whatever recursed over it later (a validator, `JSON.stringify` of the upstream request).
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.value === null || typeof item.value !== "object") continue;
    const depth = item.depth + 1;
    if (depth > max) return true;
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) stack.push({ value: child, depth });
  }
  return false;
}
