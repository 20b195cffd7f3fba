/** Above this an image that is not a JPEG is encoded again as one, so requests stay small. */
export const MAX_ENCODED = 4 * 1024 * 1024;
/** Bytes per pixel above which a PNG or GIF holds a photo rather than a screenshot or drawing. */
const PHOTO_DENSITY = 0.5;

/** What the scaled image is encoded as first. */
export interface Encoding {
  type: "image/jpeg" | "image/webp" | "image/png";
  quality: number;
}

/**
 * How an image scaled in the worker is encoded: a JPEG or WebP as it came; a PNG or GIF as a
 * PNG, keeping its transparency, unless it is a photo (more than half a byte a pixel as picked)
 * with no transparent pixel: encoded losslessly again it stays megabytes, and every request
 * carries it, so it goes as a JPEG, several times smaller.
 */
export function firstEncoding(
  mime: string,
  bytes: number,
  pixels: number,
  opaque: () => boolean,
): Encoding {
  if (mime === "image/jpeg" || mime === "image/webp") return { type: mime, quality: 0.9 };
  if (bytes / pixels > PHOTO_DENSITY && opaque()) return { type: "image/jpeg", quality: 0.85 };
  return { type: "image/png", quality: 0.9 };
}
