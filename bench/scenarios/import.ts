import { AppPage } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import { diagnosed } from "../runner/diagnose.ts";
import {
  addProbes,
  droppedFramePct,
  longest,
  readProbes,
  resetLongEntries,
  startFrames,
  stopFrames,
} from "../runner/probes.ts";
import type { Scenario } from "../runner/scenario.ts";
import { chatGptExportFile } from "./import-export-file.ts";

const MB = 1000 * 1000;

/** The generated ChatGPT export given to Import file in an empty profile, until it is stored. */
export const importExport: Scenario = {
  id: "import",
  title: "Importing a large ChatGPT export",
  async run(ctx) {
    const file = chatGptExportFile(ctx.workDir, ctx.sizes.importBytes);
    ctx.log(
      `generated ${(file.bytes / MB).toFixed(1)} MB ChatGPT export, ${file.conversations} conversations`,
    );
    const lastTitle = `Imported ${String(file.conversations).padStart(5, "0")}`;
    const total: number[] = [];
    const preview: number[] = [];
    const longestTask: number[] = [];
    const dropped: number[] = [];
    const runs: unknown[] = [];
    for (let rep = 0; rep < ctx.reps; rep++) {
      const context = await launchProfile(ctx.profiles.empty("import"));
      try {
        const page = await firstPage(context);
        await addProbes(page);
        const app = new AppPage(page);
        await page.goto(`${ctx.server.origin}/`);
        await app.newChat.waitFor();
        await app.nextFrame();
        const dialog = page.getByRole("dialog", { name: "Import conversations" });
        const confirm = dialog.getByRole("button", {
          name: "Import",
          exact: true,
          disabled: false,
        });
        const close = dialog.getByRole("button", { name: "Close", exact: true });
        await resetLongEntries(page);
        await startFrames(page);
        const started = Date.now();
        let previewAt = started;
        let doneAt = started;
        const { diagnosis } = await diagnosed(
          ctx.diagnose,
          page,
          ctx.server.clientDir,
          async () => {
            await page.getByLabel("Import file").setInputFiles(file.path);
            await confirm.waitFor({ timeout: 300_000 });
            previewAt = Date.now();
            await confirm.click();
            await close.waitFor({ timeout: 300_000 });
            doneAt = Date.now();
          },
        );
        if (diagnosis) ctx.log(`import: ${diagnosis.summary}`);
        const seconds = (doneAt - started) / 1000;
        const frames = await stopFrames(page);
        const probes = await readProbes(page);
        const report = (await dialog.textContent()) ?? "";
        await close.click();
        await app.reveal(lastTitle, 60_000);
        total.push(seconds);
        preview.push((previewAt - started) / 1000);
        longestTask.push(Math.max(0, ...probes.longTasks.map((t) => t.duration)));
        dropped.push(droppedFramePct(frames));
        runs.push({
          seconds,
          diagnosis: diagnosis?.data,
          report: report.slice(0, 500),
          longTasks: longest(probes.longTasks),
          longFrames: longest(probes.longFrames),
        });
        ctx.log(
          `imported in ${seconds.toFixed(1)} s; longest task ${longestTask.at(-1)?.toFixed(0)} ms`,
        );
      } finally {
        await context.close();
      }
    }
    const size = `${(file.bytes / MB).toFixed(file.bytes < 10 * MB ? 1 : 0)} MB`;
    return {
      figures: [
        {
          id: "import.total",
          label: `Import ${size} ChatGPT export (${file.conversations.toLocaleString("en-US")} conversations)`,
          unit: "s",
          samples: total,
          budget: { max: 15 },
        },
        {
          id: "import.preview",
          label: "Import: file chosen → dialog ready",
          unit: "s",
          samples: preview,
        },
        {
          id: "import.longest-task",
          label: "Import: longest task (page responsive)",
          unit: "ms",
          samples: longestTask,
          budget: { max: 50 },
        },
        {
          id: "import.dropped-frames",
          label: "Import: dropped frames",
          unit: "%",
          samples: dropped,
        },
      ],
      details: { file: { bytes: file.bytes, conversations: file.conversations }, runs },
    };
  },
};
