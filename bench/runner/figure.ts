import { type Summary, summarise } from "./stats.ts";

/** A budget on a figure's median: at most `max`, or at least `min` (both included). */
export interface Budget {
  max?: number;
  min?: number;
}

/** One measured quantity, one sample per repetition. */
export interface Figure {
  /** Stable key in `latest.json`, e.g. `cold-start.interactive-sidebar`. */
  id: string;
  label: string;
  unit: string;
  samples: number[];
  budget?: Budget;
  /** What was seen that a reader of the number needs to know (a missed budget's reason). */
  note?: string;
}

export type Verdict = "pass" | "miss" | "none";

export interface CheckedFigure extends Figure {
  summary: Summary;
  verdict: Verdict;
}

export function verdictOf(median: number, budget: Budget | undefined): Verdict {
  if (!budget) return "none";
  if (!Number.isFinite(median)) return "miss";
  if (budget.max !== undefined && median > budget.max) return "miss";
  if (budget.min !== undefined && median < budget.min) return "miss";
  return "pass";
}

export function check(figure: Figure): CheckedFigure {
  const summary = summarise(figure.samples);
  return { ...figure, summary, verdict: verdictOf(summary.median, figure.budget) };
}

export function budgetText(budget: Budget | undefined, unit: string): string {
  if (!budget) return "";
  const parts: string[] = [];
  if (budget.max !== undefined) parts.push(`≤ ${budget.max} ${unit}`);
  if (budget.min !== undefined) parts.push(`≥ ${budget.min} ${unit}`);
  return parts.join(", ");
}
