import { expect, type Page, test } from "@playwright/test";
import { type CorpusPayload, loadCorpora } from "../src/test/corpora.ts";
import { ChatPage } from "./chat-page.ts";
import { INSTANT_DEMO_PORT } from "./ports.ts";

const CHUNK = 16;

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
  // What is looked at is the rendered answer, not its streaming: the instant demo's server.
  test.use({ baseURL: `http://127.0.0.1:${INSTANT_DEMO_PORT}` });

  for (const [index, chunk] of chunks.entries()) {
    test(`payloads ${index * CHUNK + 1}–${index * CHUNK + chunk.length} execute nothing`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
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
      await chat.open();
      for (const payload of chunk) {
        await chat.ask(`/echo ${payload.text}`);
        const problems = await findProblems(page);
        expect(problems, payload.name).toEqual([]);
      }
      await page.reload();
      await expect(chat.lastAnswer()).toBeVisible();
      expect(await findProblems(page), "after reload").toEqual([]);
      expect(dialogs).toEqual([]);
      expect(foreign).toEqual([]);
    });
  }
});
