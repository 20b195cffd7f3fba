/** What the page asks the PDF worker: the text of the first `maxPages` pages of these bytes. */
export interface PdfRequest {
  id: number;
  bytes: ArrayBuffer;
  maxPages: number;
}

/** The text, or null when the file cannot be read (damaged, locked with a password). */
export interface PdfReply {
  id: number;
  text: string | null;
}
