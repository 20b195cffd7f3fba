import { ImageScaler } from "./image-scaler.ts";
import { PdfReader } from "./pdf-reader.ts";

/**
 * The page's one image scaler and one PDF reader (each starts its worker on its first file).
 * `browser-ports.ts` loads this module with the first attachment, not at start-up.
 */
const images = new ImageScaler();
const pdfs = new PdfReader();

export const scaleImage = (blob: { bytes: Uint8Array; mime: string }, edge: number) =>
  images.scale(blob, edge);

export const readPdf = (bytes: Uint8Array, maxPages: number) => pdfs.read(bytes, maxPages);
