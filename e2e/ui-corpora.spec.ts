import { expect, type Page, test } from "@playwright/test";
import { type CorpusPayload, loadCorpora } from "../src/test/corpora.ts";
import { ChatPage } from "./chat-page.ts";
import { scanLog } from "./corpora-scan.ts";
import { ImportExportPage, nativeExport } from "./import-export-helpers.ts";

/**
 * Payloads per test: each test imports them as one conversation and scans its log, so a chunk
 * costs a page load and an import; six chunks keep two workers busy.
 */
const CHUNK = 100;

function uniquePayloads(): CorpusPayload[] {
  const seen = new Set<string>();
  const out: CorpusPayload[] = [];
  for (const p of loadCorpora()) {
    if (p.text.trim() === "" || seen.has(p.text)) continue;
    seen.add(p.text);
    out.push(p);
  }
  return out;
}

const payloads = uniquePayloads();
const chunks: CorpusPayload[][] = [];
for (let i = 0; i < payloads.length; i += CHUNK) chunks.push(payloads.slice(i, i + CHUNK));

/**
 * A native export of one conversation: each payload asked of the demo model as `/echo …` and
 * answered with itself, which is what `/echo` answers. What is checked is how an answer
 * renders, so the answers are imported in one go rather than asked for one by one (typing 581
 * messages and waiting for each answer was the suite's slowest part).
 */
function exportOf(chunk: CorpusPayload[], index: number): { id: string; text: string } {
  const at = "2026-11-29T10:00:00.000Z";
  const id = (0xc0a0000 + index).toString(16).padStart(12, "0");
  const messages = chunk.flatMap((payload, i) => [
    { id: `q${i}`, role: "user", content: `/echo ${payload.text}`, created_at: at },
    {
      id: `a${i}`,
      role: "assistant",
      content: payload.text,
      created_at: at,
      model: "demo",
      status: "complete",
    },
  ]);
  const session = {
    format_version: 2,
    session_id: id,
    created_at: at,
    updated_at: at,
    title: `Corpora ${index + 1}`,
    metadata: {},
    state: {},
    revision: 1,
    messages,
  };
  return { id, text: nativeExport([session], at) };
}

/** What must never be in the page after rendering hostile output. */
async function findProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bad = /^\s*(javascript|vbscript|data\s*:\s*text\/html|data\s*:\s*image\/svg\+xml)/i;
    for (const el of Array.from(document.querySelectorAll("*"))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith("on")) problems.push(`${el.tagName} has ${name}`);
        if (
          ["href", "src", "action", "formaction", "xlink:href", "srcset", "data"].includes(name) &&
          bad.test(attr.value)
        ) {
          problems.push(`${el.tagName} ${name}=${attr.value.slice(0, 60)}`);
        }
      }
    }
    for (const el of Array.from(document.querySelectorAll(".md *, .md"))) {
      if (el.hasAttribute("style"))
        problems.push(`${el.tagName} in an answer has a style attribute`);
    }
    // The app's own icons (lucide, aria-hidden) are SVG in the message actions; what an answer
    // renders (`.md`) may hold no image or SVG at all.
    const inert = document.querySelectorAll(
      "[role=log] script, [role=log] iframe, [role=log] object, [role=log] embed, [role=log] .md img, [role=log] .md svg, [role=log] svg:not([aria-hidden=true]), [role=log] form, [role=log] style",
    );
    for (const el of Array.from(inert)) problems.push(`${el.tagName} element inside the log`);
    return problems;
  });
}

test.describe("hostile corpora rendered as answers", () => {
  test.describe.configure({ mode: "parallel" });

  for (const [index, chunk] of chunks.entries()) {
    const first = index * CHUNK + 1;
    test(`payloads ${first}–${first + chunk.length - 1} execute nothing`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      // A tall window shows more rows at once, so the scan below renders the log in fewer steps.
      await page.setViewportSize({ width: 1280, height: 2400 });
      const origin = new URL(baseURL ?? "http://127.0.0.1").host;
      const foreign: string[] = [];
      const dialogs: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith("http") && url.host !== origin) foreign.push(request.url());
        if (
          !url.protocol.startsWith("http") &&
          url.protocol !== "data:" &&
          url.protocol !== "blob:"
        )
          foreign.push(request.url());
      });
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const chat = new ChatPage(page);
      const io = new ImportExportPage(page);
      const file = exportOf(chunk, index);
      await chat.open();
      await io.choose([{ name: "corpora.json", text: file.text }]);
      await io.commit();
      await expect(io.dialog.getByRole("status")).toHaveText(
        "Added 1, replaced 0, skipped 0, failed 0.",
      );
      await io.dialog.getByRole("button", { name: "Close" }).click();
      await chat.conversation(`Corpora ${index + 1}`).click();
      await expect(page).toHaveURL(new RegExp(`/c/${file.id}$`));
      await expect(chat.lastAnswer()).toBeVisible();

      const scan = await page.evaluate(scanLog, chunk.length * 2);
      // Row 2k is payload k as asked, row 2k + 1 its answer.
      expect(scan.rows.map(([row]) => row).sort((a, b) => a - b)).toEqual(
        Array.from({ length: chunk.length * 2 }, (_, i) => i),
      );
      const problems: Record<string, string[]> = {};
      for (const [row, found] of scan.rows) {
        const payload = chunk[Math.floor(row / 2)];
        if (found.length > 0 && payload)
          problems[`${payload.name} (${row % 2 === 0 ? "asked" : "answered"})`] = found;
      }
      expect(problems).toEqual({});
      expect(await findProblems(page), "the page around the log").toEqual([]);

      await page.reload();
      await expect(chat.lastAnswer()).toBeVisible();
      expect(await findProblems(page), "after reload").toEqual([]);
      expect(dialogs).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }
});
