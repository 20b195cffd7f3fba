import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { displayRows } from "./display-rows.ts";
import { estimateRowPx } from "./row-estimate.ts";

const rowOf = (content: string, role: "user" | "assistant" = "assistant") => {
  const [row] = displayRows([buildMessage({ role, content })]);
  if (!row) throw new Error("no row");
  return row;
};

describe("estimateRowPx", () => {
  it("grows with the lines of text, code and tables an answer holds", () => {
    const short = estimateRowPx(rowOf("One short line."));
    const paragraphs = estimateRowPx(rowOf(`${"word ".repeat(60)}\n\n${"word ".repeat(60)}`));
    const code = estimateRowPx(rowOf(`Here:\n\n\`\`\`ts\n${"let x = 1;\n".repeat(20)}\`\`\``));
    const table = estimateRowPx(rowOf(`| a | b |\n|---|---|\n${"| 1 | 2 |\n".repeat(10)}`));
    expect(short).toBeGreaterThan(100);
    expect(short).toBeLessThan(140);
    expect(paragraphs).toBeGreaterThan(short + 60);
    expect(code).toBeGreaterThan(short + 20 * 20);
    expect(table).toBeGreaterThan(short + 10 * 25);
  });

  it("counts every line of the user's plain text, blank ones too, wrapped at the column width", () => {
    const one = estimateRowPx(rowOf("hi", "user"));
    const near = (px: number, expected: number) => Math.abs(px - expected) <= 1;
    expect(near(estimateRowPx(rowOf("hi\n\nthere", "user")), one + 45)).toBe(true);
    expect(near(estimateRowPx(rowOf("x".repeat(950), "user")), one + 9 * 22.5)).toBe(true);
  });

  it("gives the same estimate for the same message object without reading it again", () => {
    const row = rowOf("| a |\n".repeat(500));
    expect(estimateRowPx(row)).toBe(estimateRowPx({ ...row }));
  });
});
