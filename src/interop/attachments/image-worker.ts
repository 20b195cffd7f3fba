/// <reference lib="webworker" />

import type { ScaleReply, ScaleRequest } from "./image-protocol.ts";

/** Above this an image that is not a JPEG is encoded again as one, so requests stay small. */
const MAX_ENCODED = 4 * 1024 * 1024;

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function scale({ bytes, mime, edge }: ScaleRequest): Promise<Blob> {
  // "from-image" turns the picture as its EXIF orientation says; drawing it on a canvas and
  // encoding again leaves every metadata block behind, location included.
  const bitmap = await createImageBitmap(new Blob([bytes], { type: mime }), {
    imageOrientation: "from-image",
  });
  const ratio = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * ratio));
  const height = Math.max(1, Math.round(bitmap.height * ratio));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas in this worker");
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const type = mime === "image/jpeg" || mime === "image/webp" ? mime : "image/png";
  const encoded = await canvas.convertToBlob({ type, quality: 0.9 });
  if (encoded.size <= MAX_ENCODED || type === "image/jpeg") return encoded;
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
}

scope.onmessage = async (event: MessageEvent<ScaleRequest>) => {
  const { id } = event.data;
  try {
    const blob = await scale(event.data);
    const bytes = await blob.arrayBuffer();
    const reply: ScaleReply = { id, ok: true, bytes, mime: blob.type };
    scope.postMessage(reply, [bytes]);
  } catch {
    scope.postMessage({ id, ok: false } satisfies ScaleReply);
  }
};
