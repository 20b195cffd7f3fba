import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import {
  endMarker,
  type HostileAnswer,
  hostileAnswers,
  hostileSession,
  hostileTitle,
} from "../data/hostile-markdown.ts";
import { AppPage, LOG_SELECTOR } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import { type DiagnoseMode, diagnosed } from "../runner/diagnose.ts";
import type { Figure } from "../runner/figure.ts";
import {
  addProbes,
  type LongEntry,
  longest,
  readProbes,
  resetLongEntries,
} from "../runner/probes.ts";
import type { Scenario } from "../runner/scenario.ts";

const RESTING: HostileAnswer = {
  id: "resting",
  label: "a short answer",
  markdown: "Nothing here.",
};
const SETTLE_MS = 500;
const TIMEOUT_MS = 120_000;

const maxDuration = (entries: LongEntry[]) => Math.max(0, ...entries.map((e) => e.duration));

/** The conversations as a Parley export file, imported through the app's Import file input. */
function exportFile(dir: string, answers: HostileAnswer[]): string {
  const path = join(dir, "hostile-markdown.json");
  const document = {
    format: "parley",
    version: 1,
    exported_at: "2026-06-01T00:00:00.000Z",
    app: { name: "Parley bench", version: "1" },
    sessions: answers.map((a, i) => hostileSession(a, i)),
  };
  writeFileSync(path, JSON.stringify(document));
  return path;
}

async function importFile(page: Page, path: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Import conversations" });
  await page.getByLabel("Import file").setInputFiles(path);
  await dialog.getByRole("button", { name: "Import", exact: true, disabled: false }).click();
  const close = dialog.getByRole("button", { name: "Close", exact: true });
  await close.click({ timeout: TIMEOUT_MS });
}

/** What the answer shows once highlighting has finished or given up. */
async function shown(page: Page, marker: string) {
  return page.evaluate(
    ({ selector, marker }) => {
      const answer = [...document.querySelectorAll(`${selector} article`)].find((a) =>
        (a.textContent ?? "").includes(marker),
      );
      return {
        highlighted: answer?.querySelectorAll("code.hljs").length ?? 0,
        code: answer?.querySelectorAll("pre code").length ?? 0,
        tables: answer?.querySelectorAll("table").length ?? 0,
        cells: answer?.querySelectorAll("td, th").length ?? 0,
        notice: answer?.querySelector(".md-notice")?.textContent ?? "",
      };
    },
    { selector: LOG_SELECTOR, marker },
  );
}

/**
 * Opens the conversation from the sidebar, waits until its answer is painted and no code block
 * waits for highlighting, then a little more (a task still running delays the page's timer).
 */
async function openAndSettle(
  app: AppPage,
  answer: HostileAnswer,
  mode: DiagnoseMode = null,
  clientDir = "",
) {
  const page = app.page;
  await resetLongEntries(page);
  const marker = endMarker(answer.id);
  const { result: openMs, diagnosis } = await diagnosed(mode, page, clientDir, async () => {
    const ms = await app.openConversation(hostileTitle(answer.id), marker, TIMEOUT_MS);
    await page.waitForFunction(
      (selector) => document.querySelector(`${selector} [data-highlight="pending"]`) === null,
      LOG_SELECTOR,
      { timeout: TIMEOUT_MS, polling: 50 },
    );
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), SETTLE_MS);
    return ms;
  });
  const probes = await readProbes(page);
  return {
    openMs,
    diagnosis,
    longestTask: maxDuration(probes.longTasks),
    longTasks: longest(probes.longTasks, 5),
    longFrames: longest(probes.longFrames, 3),
    shown: await shown(page, marker),
  };
}

/**
 * The answers of issue 11 item 4 (code that highlight.js takes seconds over, tables of thousands
 * of columns or rows), each opened after a reload and opened again after another conversation.
 * Budget: no main-thread task over 200 ms for any answer the renderer accepts.
 */
export const hostileMarkdown: Scenario = {
  id: "hostile-markdown",
  title: "Rendering hostile Markdown",
  async run(ctx) {
    const answers = hostileAnswers(ctx.sizes.hostileScale);
    const path = exportFile(ctx.workDir, [RESTING, ...answers]);
    const open = new Map<string, number[]>(answers.map((a) => [a.id, []]));
    const reopen = new Map<string, number[]>(answers.map((a) => [a.id, []]));
    const runs: unknown[] = [];
    const context = await launchProfile(ctx.profiles.empty("hostile-markdown"));
    try {
      const page = await firstPage(context);
      await addProbes(page);
      const app = new AppPage(page);
      await page.goto(`${ctx.server.origin}/`);
      await app.newChat.waitFor();
      await importFile(page, path);
      for (let rep = 0; rep < ctx.reps; rep++) {
        await page.goto(`${ctx.server.origin}/`);
        await app.newChat.waitFor();
        for (const answer of answers) {
          const first = await openAndSettle(app, answer, ctx.diagnose, ctx.server.clientDir);
          await openAndSettle(app, RESTING);
          const again = await openAndSettle(app, answer, ctx.diagnose, ctx.server.clientDir);
          for (const [when, run] of [
            ["open", first],
            ["reopen", again],
          ] as const)
            if (run.diagnosis) ctx.log(`${answer.id} ${when}: ${run.diagnosis.summary}`);
          open.get(answer.id)?.push(first.longestTask);
          reopen.get(answer.id)?.push(again.longestTask);
          const kept = ({ diagnosis, ...run }: typeof first) => ({
            ...run,
            diagnosis: diagnosis?.data,
          });
          runs.push({ rep, answer: answer.id, first: kept(first), again: kept(again) });
          ctx.log(
            `${answer.id}: longest task ${first.longestTask.toFixed(0)} ms open, ${again.longestTask.toFixed(0)} ms reopen; ${JSON.stringify(first.shown)}`,
          );
        }
      }
    } finally {
      await context.close();
    }
    const figures: Figure[] = answers.flatMap((answer) => [
      {
        id: `hostile-markdown.${answer.id}.open`,
        label: `Open ${answer.label}: longest task`,
        unit: "ms",
        samples: open.get(answer.id) ?? [],
        budget: { max: 200 },
      },
      {
        id: `hostile-markdown.${answer.id}.reopen`,
        label: `Reopen ${answer.label}: longest task`,
        unit: "ms",
        samples: reopen.get(answer.id) ?? [],
        budget: { max: 200 },
      },
    ]);
    return { figures, details: { runs } };
  },
};
