import { median, percentile } from "../runner/stats.ts";
import type { FirstSyncReport } from "./first-sync.ts";
import type { LazyBundle } from "./lazy-bundle.ts";
import type { AppendSample, OverheadReport } from "./overhead.ts";
import type { BrowserSyncCheck } from "./page/entry.ts";
import type { ServiceAppend } from "./service-latency.ts";

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
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

export function serviceTable(appends: ServiceAppend[], latencyTarget: number, ratioTarget: number) {
  const latencies = appends.map((a) => a.latencyMs);
  const ratios = appends.map((a) => a.storedBytes / a.plaintextBytes);
  const row = (name: string, of: ServiceAppend[]) => {
    const r = of.map((a) => a.storedBytes / a.plaintextBytes);
    return `| ${name} (${of.length}) | ${median(of.map((a) => a.plaintextBytes)).toFixed(0)} B | ${median(of.map((a) => a.storedBytes)).toFixed(0)} B | ${median(of.map((a) => a.docs))} | ${median(r).toFixed(2)}× | ${Math.max(...r).toFixed(2)}× |`;
  };
  return [
    "Two SyncService devices live-syncing one conversation through the server (loopback)",
    "",
    "| figure | p50 | p95 | max | budget |",
    "|---|---:|---:|---:|---:|",
    `| commit on one device → committed on the other (${appends.length} appends, both ways) | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(Math.max(...latencies))} | ${ms(latencyTarget)} (p50) |`,
    "",
    "| appended | plaintext (median) | server gained (median) | documents | ratio (median) | ratio (max) |",
    "|---|---:|---:|---:|---:|---:|",
    row(
      "question",
      appends.filter((a) => a.role === "user"),
    ),
    row(
      "answer",
      appends.filter((a) => a.role === "assistant"),
    ),
    `| all (${appends.length}) | | | | ${median(ratios).toFixed(2)}× | ${Math.max(...ratios).toFixed(2)}× (budget ${ratioTarget}×) |`,
  ].join("\n");
}

export function firstSyncTable(report: FirstSyncReport, target: number) {
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const row = (step: string, phase: FirstSyncReport["upload"]) =>
    `| ${step} | ${s(phase.settledMs)} | ${s(phase.ms)} | ${phase.longTasks.length} | ${phase.longTasks.length ? ms(Math.max(...phase.longTasks)) : "–"} | ${s(target)}, none over 50 ms |`;
  return [
    `First sync in headless Chromium: ${report.conversations.toLocaleString("en")} conversations × ${report.messagesEach} messages (${report.documents.toLocaleString("en")} documents)`,
    "",
    "| step | sync service done | all there | long tasks | longest | budget |",
    "|---|---:|---:|---:|---:|---:|",
    row("device A turns sync on: seal everything into IndexedDB, send it", report.upload),
    row("device B (empty) turns sync on: receive, open, assemble, commit", report.download),
  ].join("\n");
}
