import type { JsonObject } from "../core/json.ts";

const SECRET_KEY =
  /^(api[-_]?key|access[-_]?token|access[-_]?code|auth(orization)?|bearer|password|secret|client[-_]?secret|token|.*[-_](api[-_]?key|secret|token))$/i;

/** True when a key names a credential; such keys never go into an export or come in with an import. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** The object without its credential-named keys (top level), and the keys that were removed. */
export function scrubSecrets(object: JsonObject): { object: JsonObject; removed: string[] } {
  const removed = Object.keys(object).filter(isSecretKey);
  if (removed.length === 0) return { object, removed };
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(object)) if (!isSecretKey(key)) kept[key] = value;
  return { object: kept, removed };
}
