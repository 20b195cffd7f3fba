const PIECE = 8;
const MASK = "*".repeat(PIECE);

/**
 * Returns a function that masks every 8-character piece of any secret found in a text, so that
 * an upstream that echoes a key (in an error message, say) cannot pass it on to a client or a log.
 */
export function secretRedactor(secrets: Array<string | undefined>): (text: string) => string {
  const windows = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < PIECE) continue;
    for (let i = 0; i + PIECE <= secret.length; i += 1) windows.add(secret.slice(i, i + PIECE));
  }
  if (windows.size === 0) return (text) => text;
  const list = [...windows];
  return (text) => {
    let out = text;
    for (const window of list) if (out.includes(window)) out = out.split(window).join(MASK);
    return out;
  };
}
