/**
 * The text of a PDF's first `maxPages` pages, one page per paragraph, read by pdf.js. It runs in
 * `pdf-worker.ts`, which loads the library (and pdf.js's own parsing worker) on the first PDF.
 * Null when the file cannot be read (damaged, or locked with a password).
 */
export async function pdfText(bytes: Uint8Array, maxPages: number): Promise<string | null> {
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc ||= new URL(
    "pdfjs-dist/build/pdf.worker.min.mjs",
    import.meta.url,
  ).href;
  // pdf.js may take the buffer over (it transfers it to its worker), so it gets a copy.
  const task = pdfjs.getDocument({ data: bytes.slice() });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    const last = Math.min(document.numPages, maxPages);
    for (let n = 1; n <= last; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      const words = content.items.map((item) =>
        "str" in item ? item.str + (item.hasEOL ? "\n" : "") : "",
      );
      pages.push(words.join("").trim());
    }
    if (document.numPages > last)
      pages.push(`[${document.numPages - last} more pages were not read]`);
    return pages.join("\n\n");
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
