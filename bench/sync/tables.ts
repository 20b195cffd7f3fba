import { median } from "../runner/stats.ts";
import type { LazyBundle } from "./lazy-bundle.ts";
import type { AppendSample, OverheadReport } from "./overhead.ts";
import type { BrowserSyncCheck } from "./page/entry.ts";

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ratio = (s: AppendSample) => s.storedBytes / s.plaintextBytes;

function layoutRows(name: string, samples: AppendSample[], target: number): string[] {
  const rows: string[] = [];
  for (const role of ["user", "assistant"]) {
    const of = samples.filter((s) => s.role === role);
    if (of.length === 0) continue;
    const ratios = of.map(ratio);
    const over = ratios.filter((r) => r > target).length;
    rows.push(
      `| ${name} | ${role} (${of.length}) | ${median(of.map((s) => s.plaintextBytes)).toFixed(0)} B | ${median(of.map((s) => s.storedBytes)).toFixed(0)} B | ${median(ratios).toFixed(2)}× | ${Math.max(...ratios).toFixed(2)}× | ${over} |`,
    );
  }
  return rows;
}

export function overheadTable(report: OverheadReport, target: number): string {
  return [
    "Server bytes per appended message (new revisions, compacted), against the message's JSON",
    "",
    `| layout | appended | plaintext (median) | stored (median) | ratio (median) | ratio (max) | over ${target}× |`,
    "|---|---|---:|---:|---:|---:|---:|",
    ...layoutRows("records (summary, head, chunk of 16)", report.records, target),
    ...layoutRows("one document per message (+ summary, head)", report.perMessage, target),
    ...layoutRows("one document per message alone", report.messageOnly, target),
  ].join("\n");
}

export function bundleTable(bundle: LazyBundle): string {
  const row = (kind: string) => (c: LazyBundle["initial"][number]) =>
    `| ${kind} | ${c.file} | ${kb(c.gzipBytes)} | ${c.pouchModules} |`;
  return [
    "The check page built with Vite (the app's build setup); PouchDB must be lazy only",
    "",
    "| chunk | file | gzip | PouchDB modules |",
    "|---|---|---:|---:|",
    ...bundle.initial.map(row("initial")),
    ...bundle.lazy.map(row("lazy")),
  ].join("\n");
}

export function checkTable(check: BrowserSyncCheck & { pageErrors: string[] }, leaked: boolean) {
  return [
    "Real Chromium: IndexedDB PouchDB → sync server → a second IndexedDB PouchDB",
    "",
    "| check | result |",
    "|---|---|",
    `| KDF (createSyncMeta) in Chromium | ${check.kdfMs.toFixed(0)} ms |`,
    `| local adapter | ${check.adapter} |`,
    `| documents written up / down | ${check.docsWritten} / ${check.docsRead} |`,
    `| records opened on the second database | ${check.opened.length} |`,
    `| plain text on the server | ${leaked ? "FOUND" : "none"} |`,
    `| page errors | ${check.pageErrors.length ? check.pageErrors.join("; ") : "none"} |`,
  ].join("\n");
}
