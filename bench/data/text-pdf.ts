import { pdfFile } from "./pdf-file.ts";
import { createRng } from "./rng.ts";

const WORDS =
  "the model reads each page of the report before it answers and keeps the figures of every table in order so a reader can follow them later".split(
    " ",
  );

/** A line of words, in PDF string syntax (none of the words needs escaping). */
function line(rng: ReturnType<typeof createRng>, words: number): string {
  return Array.from({ length: words }, () => rng.pick(WORDS)).join(" ");
}

/**
 * A PDF of `pages` US Letter pages, each with a heading and `lines` lines of text in Helvetica,
 * written object by object with a correct cross-reference table, as a word processor's export
 * would hold it (without compression). The same arguments give the same bytes.
 */
export function textPdf(pages: number, lines: number, seed: number): Buffer {
  const rng = createRng(seed);
  const font = 3;
  const pageIds = Array.from({ length: pages }, (_, n) => 4 + n * 2);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (let n = 0; n < pages; n++) {
    const text = [`BT /F1 16 Tf 72 740 Td (Page ${n + 1}: ${line(rng, 4)}) Tj ET`];
    for (let l = 0; l < lines; l++)
      text.push(`BT /F1 10 Tf 72 ${716 - l * 13} Td (${line(rng, 12)}) Tj ET`);
    const stream = text.join("\n");
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + n * 2} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }
  return pdfFile(objects);
}
