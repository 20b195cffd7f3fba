const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);

function absolute(raw: string, allowed: Set<string>): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  return allowed.has(url.protocol) ? url.href : null;
}

/** The normalised address of a link model output may open, or null: only http, https and mailto. */
export function safeLinkHref(raw: string): string | null {
  return absolute(raw, LINK_PROTOCOLS);
}

/** The normalised address of an image that may be loaded after the user asks, or null. */
export function safeImageSrc(raw: string): string | null {
  return absolute(raw, IMAGE_PROTOCOLS);
}
