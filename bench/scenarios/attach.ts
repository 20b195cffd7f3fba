import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { photoPng } from "../data/photo-png.ts";
import { textPdf } from "../data/text-pdf.ts";
import { AppPage, LOG_SELECTOR } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import { diagnosed } from "../runner/diagnose.ts";
import type { Figure } from "../runner/figure.ts";
import {
  addProbes,
  awaitText,
  longest,
  readProbes,
  resetLongEntries,
  watchText,
} from "../runner/probes.ts";
import type { Scenario, ScenarioContext } from "../runner/scenario.ts";
import {
  addAttachProbes,
  readAttachProbes,
  storageUsage,
  storedBlobBytes,
  watchChip,
} from "./attach-probes.ts";

const MB = 1000 * 1000;
const SEED = 14;
const LINES_PER_PAGE = 50;

interface AttachFile {
  kind: "photo" | "pdf";
  name: string;
  path: string;
  bytes: number;
  /** What the demo model's answer says it received of the file, and how that line starts. */
  received: RegExp;
  answerStart: string;
  /** Chip ready within this many ms, what a person waits for without thinking it slow. */
  chipBudgetMs: number;
}

/** One attach and send in a fresh profile. */
interface AttachRun {
  chipMs: number;
  attachLongestMs: number;
  storedMs: number;
  sendLongestMs: number;
  storageAddedBytes: number;
  /** The bytes of the attachment records themselves (what Parley stored of the file). */
  blobBytes: number;
  requestBytes: number;
  received: string;
}

function files(ctx: ScenarioContext): AttachFile[] {
  const { width, height } = ctx.sizes.attachPhoto;
  const png = photoPng(width, height, SEED);
  const pdf = textPdf(ctx.sizes.attachPdfPages, LINES_PER_PAGE, SEED);
  const write = (name: string, bytes: Buffer) => {
    const path = join(ctx.workDir, name);
    writeFileSync(path, bytes);
    return path;
  };
  return [
    {
      kind: "photo",
      name: "photo.png",
      path: write("photo.png", png),
      bytes: png.length,
      received: /image image\/\w+ \d+×\d+/,
      answerStart: "image image/",
      chipBudgetMs: 1000,
    },
    {
      kind: "pdf",
      name: "report.pdf",
      path: write("report.pdf", pdf),
      bytes: pdf.length,
      received: /file report\.pdf: Page 1:( [a-z]+){4}/,
      answerStart: "file report.pdf:",
      chipBudgetMs: 2000,
    },
  ];
}

/** The bytes of the next chat request the page posts to the proxy. */
function nextRequestBytes(page: Page): Promise<number> {
  return new Promise((resolve) => {
    page.on("request", function listen(request) {
      if (request.method() !== "POST" || !request.url().endsWith("/v1/chat/completions")) return;
      page.off("request", listen);
      resolve(request.postDataBuffer()?.length ?? Number.NaN);
    });
  });
}

async function attachAndSend(ctx: ScenarioContext, file: AttachFile): Promise<AttachRun> {
  const context = await launchProfile(ctx.profiles.empty(`attach-${file.kind}`));
  try {
    const page = await firstPage(context);
    await addProbes(page);
    await addAttachProbes(page);
    const app = new AppPage(page);
    await page.goto(`${ctx.server.origin}/`);
    await app.newChat.waitFor();
    await app.nextFrame();
    const before = await storageUsage(page);

    await resetLongEntries(page);
    await watchChip(page, file.name);
    const attaching = await diagnosed(ctx.diagnose, page, ctx.server.clientDir, async () => {
      await page
        .getByLabel("Attach files", { exact: true })
        .and(page.locator("input"))
        .setInputFiles(file.path);
      // Polled in the page once a frame: a locator's polling would run Playwright's own queries
      // on the page's main thread, inside the window measured.
      await page.waitForFunction(() => window.__attach.chipPaintedAt > 0, null, {
        timeout: 60_000,
      });
    });
    if (attaching.diagnosis) ctx.log(`attaching ${file.name}: ${attaching.diagnosis.summary}`);
    const chip = await readAttachProbes(page);
    const attachTasks = (await readProbes(page)).longTasks;

    await app.composer.fill("What did I attach?");
    await resetLongEntries(page);
    const request = nextRequestBytes(page);
    const send = page.getByRole("button", { name: "Send", exact: true });
    await send.waitFor();
    await watchText(page, "answer", LOG_SELECTOR, file.answerStart);
    const sending = await diagnosed(ctx.diagnose, page, ctx.server.clientDir, async () => {
      await send.click();
      await awaitText(page, "answer", 60_000);
    });
    if (sending.diagnosis) ctx.log(`sending ${file.name}: ${sending.diagnosis.summary}`);
    const probes = await readProbes(page);
    const stored = await page.evaluate(
      (after) => window.__attach.messagesStored.find((t) => t > after) ?? Number.NaN,
      probes.lastClick,
    );
    const after = await storageUsage(page);
    const blobBytes = await storedBlobBytes(page);
    return {
      chipMs: chip.chipPaintedAt - chip.chosenAt,
      attachLongestMs: Math.max(0, ...attachTasks.map((t) => t.duration)),
      storedMs: stored - probes.lastClick,
      sendLongestMs: Math.max(0, ...probes.longTasks.map((t) => t.duration)),
      storageAddedBytes: after - before,
      blobBytes,
      requestBytes: await request,
      received: (await app.log.textContent())?.match(file.received)?.[0] ?? "",
      ...(attachTasks.length || probes.longTasks.length
        ? { longTasks: longest([...attachTasks, ...probes.longTasks]) }
        : {}),
    };
  } finally {
    await context.close();
  }
}

/**
 * A photo and a 20-page PDF, each chosen with Attach files in a fresh persistent profile and
 * sent to the demo model: how long until the chip is ready (scaled, or text extracted), from
 * Send until the message is stored, the longest main-thread task of each, what IndexedDB grew
 * by and what the request to the proxy carried.
 */
export const attach: Scenario = {
  id: "attach",
  title: "Attaching and sending a photo and a PDF",
  async run(ctx) {
    const figures: Figure[] = [];
    const details: Record<string, unknown> = {};
    for (const file of files(ctx)) {
      ctx.log(`${file.name}: ${(file.bytes / MB).toFixed(2)} MB`);
      const runs: AttachRun[] = [];
      for (let rep = 0; rep < ctx.reps; rep++) {
        const run = await attachAndSend(ctx, file);
        runs.push(run);
        ctx.log(
          `${file.name}: chip ${run.chipMs.toFixed(0)} ms, stored ${run.storedMs.toFixed(0)} ms after Send, longest task ${run.attachLongestMs.toFixed(0)} ms attaching, ${run.sendLongestMs.toFixed(0)} ms sending; stored ${(run.blobBytes / MB).toFixed(2)} MB; request ${(run.requestBytes / MB).toFixed(2)} MB; ${run.received}`,
        );
      }
      const size = `${(file.bytes / MB).toFixed(1)} MB`;
      const label =
        file.kind === "photo"
          ? `${size} photo PNG`
          : `${ctx.sizes.attachPdfPages}-page PDF (${size})`;
      const samples = (pick: (run: AttachRun) => number) => runs.map(pick);
      figures.push(
        {
          id: `attach.${file.kind}.chip`,
          label: `Attach ${label}: chosen → chip ready`,
          unit: "ms",
          samples: samples((r) => r.chipMs),
          budget: { max: file.chipBudgetMs },
        },
        {
          id: `attach.${file.kind}.longest-task`,
          label: `Attach ${label}: longest task, chosen → chip ready`,
          unit: "ms",
          samples: samples((r) => r.attachLongestMs),
          budget: { max: 50 },
        },
        {
          id: `attach.${file.kind}.send-longest-task`,
          label: `Attach ${label}: longest task, Send → answer shown`,
          unit: "ms",
          samples: samples((r) => r.sendLongestMs),
        },
        {
          id: `attach.${file.kind}.stored`,
          label: `Attach ${label}: Send → message stored`,
          unit: "ms",
          samples: samples((r) => r.storedMs),
        },
        {
          id: `attach.${file.kind}.storage`,
          label: `Attach ${label}: storage added (estimate)`,
          unit: "MB",
          samples: samples((r) => r.storageAddedBytes / MB),
        },
        {
          id: `attach.${file.kind}.blob`,
          label: `Attach ${label}: attachment bytes stored`,
          unit: "MB",
          samples: samples((r) => r.blobBytes / MB),
        },
        {
          id: `attach.${file.kind}.request`,
          label: `Attach ${label}: request to the proxy`,
          unit: "MB",
          samples: samples((r) => r.requestBytes / MB),
        },
      );
      details[file.kind] = { bytes: file.bytes, runs };
    }
    return { figures, details };
  },
};
