/** How API keys and authorization values of the common providers begin. */
const KEY_SHAPE = /^(?:bearer\s|basic\s|sk-|sk_|rk-|gsk_|xai-|aiza)/iu;

/**
 * Whether a model id an upstream listed looks like a credential: it holds a piece of a
 * configured secret (the scrub would change it), or it is shaped like a key. Such an id would
 * show in the browser's Model picker, so it is dropped rather than listed.
 */
export function looksLikeCredential(id: string, redact: (text: string) => string): boolean {
  return KEY_SHAPE.test(id) || redact(id) !== id;
}
