import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One hostile payload from `fixtures/corpora/`, named by its file and place. */
export interface CorpusPayload {
  name: string;
  text: string;
}

const DIR = join(import.meta.dirname, "../../fixtures/corpora");

const read = (file: string) => readFileSync(join(DIR, file), "utf8");
const lines = (file: string) =>
  read(file)
    .split("\n")
    .filter((line) => line.trim() !== "");

interface Cases<T> {
  cases: T[];
}

/** Every payload of every corpus, plus each event-handler name used on a tag and in a link. */
export function loadCorpora(): CorpusPayload[] {
  const out: CorpusPayload[] = [];
  const dompurify = JSON.parse(read("dompurify-expect.json")) as Cases<{ payload: string }>;
  for (const [i, c] of dompurify.cases.entries()) {
    out.push({ name: `dompurify-expect #${i}`, text: c.payload });
  }
  lines("dompurify-payloads.jsonl").forEach((line, i) => {
    out.push({
      name: `dompurify-payloads #${i}`,
      text: (JSON.parse(line) as { payload: string }).payload,
    });
  });
  const owasp = JSON.parse(read("owasp-xss-filter-evasion.json")) as Cases<{ payload: string }>;
  for (const [i, c] of owasp.cases.entries()) out.push({ name: `owasp #${i}`, text: c.payload });
  lines("payloadsallthethings-xss-polyglots.txt").forEach((text, i) => {
    out.push({ name: `polyglot #${i}`, text });
  });
  for (const handler of lines("event-handler-attributes.txt")) {
    out.push({
      name: `handler ${handler}`,
      text: `<img src=x ${handler}="alert(1)"> <b ${handler}=alert(1)>x</b> [x](javascript:alert(1) "${handler}")`,
    });
  }
  const markdownIt = JSON.parse(read("markdown-it-xss.json")) as Cases<{
    id: string;
    markdown: string;
  }>;
  for (const c of markdownIt.cases) out.push({ name: c.id, text: c.markdown });
  return out;
}
