import { toBase64Url, utf8 } from "./bytes.ts";
import type { SyncKeys } from "./kdf.ts";

/**
 * Every opaque id starts with this letter: base64url may begin with "_", which CouchDB keeps
 * for its own documents (`_design/`, `_local/`). It says nothing about the record.
 */
const ID_PREFIX = "d";

/**
 * The server's name for a Parley record (`s:<id>`, `h:<id>`, `m:<id>:<n>`, …): HMAC-SHA-256
 * under the sync id key, base64url. Stable for one passphrase and salt, so every device names a
 * record alike and a change replaces the same document; unrelated to the record's key or kind
 * for anyone without the key.
 */
export async function opaqueId(keys: SyncKeys, parleyKey: string): Promise<string> {
  const mac = await globalThis.crypto.subtle.sign("HMAC", keys.ids, utf8(parleyKey));
  return ID_PREFIX + toBase64Url(new Uint8Array(mac));
}
