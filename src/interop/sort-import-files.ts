import { type NotAnExport, notAnExport, SNIFF_BYTES } from "./file-kind.ts";

export interface OtherFile {
  name: string;
  kind: NotAnExport;
}

/**
 * Splits dropped, pasted or chosen files into those that may be chat exports and those whose
 * first bytes (or MIME type) show they are not (an image, a PDF…), so those never reach the
 * import as a "failed" file. A file that cannot be read is left to the import to report.
 */
export async function sortImportFiles(
  files: readonly File[],
): Promise<{ exports: File[]; others: OtherFile[] }> {
  const exports: File[] = [];
  const others: OtherFile[] = [];
  for (const file of files) {
    let kind: NotAnExport | undefined;
    try {
      kind = notAnExport(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.type);
    } catch {
      kind = undefined;
    }
    if (kind) others.push({ name: file.name, kind });
    else exports.push(file);
  }
  return { exports, others };
}
