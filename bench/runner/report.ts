import { budgetText, type CheckedFigure } from "./figure.ts";

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  const abs = Math.abs(value);
  const digits = abs >= 100 || Number.isInteger(value) ? 0 : abs >= 10 ? 1 : 2;
  return value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

const VERDICT_TEXT = { pass: "ok", miss: "MISSED", none: "" } as const;

function rows(figures: readonly CheckedFigure[]): string[][] {
  return figures.map((f) => [
    f.label,
    `${formatNumber(f.summary.median)} ${f.unit}`,
    `${formatNumber(f.summary.min)}–${formatNumber(f.summary.max)}`,
    `±${formatNumber(f.summary.spreadPct)}%`,
    String(f.summary.n),
    budgetText(f.budget, f.unit),
    VERDICT_TEXT[f.verdict],
  ]);
}

const HEAD = ["figure", "median", "min–max", "spread", "n", "budget", ""];

/** The table printed on the terminal: aligned columns. */
export function textTable(figures: readonly CheckedFigure[]): string {
  const all = [HEAD, ...rows(figures)];
  const widths = HEAD.map((_, c) => Math.max(...all.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join("  ")
      .trimEnd();
  return [
    line(all[0] ?? HEAD),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...all.slice(1).map(line),
  ].join("\n");
}

/** The same table in Markdown, for `docs/performance.md`. */
export function markdownTable(figures: readonly CheckedFigure[]): string {
  const escapeCell = (cell: string) => cell.replaceAll("|", "\\|");
  const head = ["figure", "median", "min–max", "spread", "runs", "budget", "verdict"];
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...rows(figures).map((r) => `| ${r.map(escapeCell).join(" | ")} |`),
  ].join("\n");
}

export const DOC_START = "<!-- bench:results:start -->";
export const DOC_END = "<!-- bench:results:end -->";

/** `doc` with the text between the result markers replaced by `body`. */
export function replaceMarkedSection(doc: string, body: string): string {
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start)
    throw new Error(
      `docs/performance.md lacks the ${DOC_START} … ${DOC_END} markers; add them back`,
    );
  return `${doc.slice(0, start + DOC_START.length)}\n${body.trim()}\n${doc.slice(end)}`;
}
