/** What the page asks the image worker: scale these bytes to a long edge of `edge` pixels. */
export interface ScaleRequest {
  id: number;
  bytes: ArrayBuffer;
  mime: string;
  edge: number;
}

/** The image as encoded again, or that it could not be read. */
export type ScaleReply =
  | { id: number; ok: true; bytes: ArrayBuffer; mime: string }
  | { id: number; ok: false };
