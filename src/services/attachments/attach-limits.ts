/** What one message may carry; the words that refuse a file name these numbers. */
export const ATTACH_LIMITS = {
  /** Files on one message. */
  files: 10,
  /** Bytes of an image as picked (it is scaled down before it is stored). */
  imageBytes: 20 * 1024 * 1024,
  /** Bytes of a text file (its text goes to the model whole). */
  textBytes: 1024 * 1024,
  /** Bytes of a PDF. */
  pdfBytes: 20 * 1024 * 1024,
  /** Pages of a PDF whose text is read. */
  pdfPages: 50,
  /** The long edge of an image as stored and sent, in pixels. */
  imageEdge: 2048,
} as const;
