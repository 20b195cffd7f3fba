/// <reference lib="webworker" />

import { firstEncoding, MAX_ENCODED } from "./image-encoding.ts";
import type { ScaleReply, ScaleRequest } from "./image-protocol.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Whether every pixel is fully opaque, so a JPEG (which has no alpha) loses nothing of its shape. */
function opaque(
  context: OffscreenCanvasRenderingContext2D,
  width: number,
  height: number,
): boolean {
  const { data } = context.getImageData(0, 0, width, height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

async function scale({ bytes, mime, edge }: ScaleRequest): Promise<Blob> {
  // "from-image" turns the picture as its EXIF orientation says; drawing it on a canvas and
  // encoding again leaves every metadata block behind, location included.
  const bitmap = await createImageBitmap(new Blob([bytes], { type: mime }), {
    imageOrientation: "from-image",
  });
  const pixels = bitmap.width * bitmap.height;
  const ratio = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * ratio));
  const height = Math.max(1, Math.round(bitmap.height * ratio));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas in this worker");
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const { type, quality } = firstEncoding(mime, bytes.byteLength, pixels, () =>
    opaque(context, width, height),
  );
  const encoded = await canvas.convertToBlob({ type, quality });
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
