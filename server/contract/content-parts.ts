import { z } from "zod";

/** The image types every vision upstream reads (Anthropic accepts exactly these four). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,/iu;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/u;

/**
 * An image as the browser sends it: a `data:` URL of a PNG, JPEG, WebP or GIF. A remote address
 * is refused, never fetched: the proxy must not be made to request arbitrary URLs.
 */
const imageUrl = z.string().superRefine((url, ctx) => {
  const refuse = (code: string, message: string) =>
    ctx.addIssue({ code: "custom", message, params: { code } });
  if (/^https?:/iu.test(url)) {
    refuse(
      "image_url_remote",
      "is a remote address, and the proxy fetches no images. Send the image itself as a data URL (data:image/png;base64,…)",
    );
    return;
  }
  const head = DATA_URL.exec(url);
  if (!head) {
    refuse(
      "image_url_invalid",
      "must be a data URL of an image, data:image/png;base64,… (PNG, JPEG, WebP or GIF)",
    );
    return;
  }
  const type = (head[1] ?? "").toLowerCase();
  if (!(IMAGE_TYPES as readonly string[]).includes(type)) {
    refuse(
      "image_type_unsupported",
      `is a ${type} image; send PNG, JPEG, WebP or GIF (convert it in the browser first)`,
    );
    return;
  }
  if (!BASE64.test(url.slice(head[0].length)))
    refuse("image_url_invalid", "holds data that is not base64 after its data:…;base64, head");
});

export const textPart = z.object({ type: z.literal("text"), text: z.string() });

export const imagePart = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: imageUrl, detail: z.enum(["auto", "low", "high"]).optional() }),
});

/** What a user message may hold: a string, or text and image parts. */
export const userContent = z.union([
  z.string(),
  z.array(z.discriminatedUnion("type", [textPart, imagePart])),
]);

/** What every other message may hold: a string, or text parts. */
export const textContent = z.union([z.string(), z.array(textPart)]);

export type ContentPart = z.infer<typeof textPart> | z.infer<typeof imagePart>;

/** An image of a validated request, split from its data URL. */
export interface ImageData {
  mediaType: string;
  base64: string;
}

/** The media type and base64 data of a validated image URL. */
export function imageData(url: string): ImageData {
  const comma = url.indexOf(",");
  const mediaType = url.slice(5, url.indexOf(";")).toLowerCase();
  return { mediaType, base64: url.slice(comma + 1) };
}
