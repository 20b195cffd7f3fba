import { describe, expect, it } from "vitest";
import { delimiterColumns, MAX_TABLE_CELLS, measure, planRender } from "./limits.ts";

describe("tables counted before parsing", () => {
  it("reads a delimiter row's columns, with or without outer pipes and alignment colons", () => {
    expect(delimiterColumns("|---|:-:|--:|")).toBe(3);
    expect(delimiterColumns(" :--- | --- ")).toBe(2);
    expect(delimiterColumns("|-|")).toBe(1);
    expect(delimiterColumns("---")).toBe(0);
    expect(delimiterColumns("| a | - |")).toBe(0);
    expect(delimiterColumns("|")).toBe(0);
  });

  it("counts a table's header and rows times its columns, up to the blank line after it", () => {
    const table = "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 |\n\nafter\n| x |";
    expect(measure(table).tableCells).toBe(6);
  });

  it("counts tables inside quotes and lists, and all tables of a message together", () => {
    const quoted = "> | a |\n> |---|\n> | 1 |\n>\n> no row";
    const listed = "- | a | b |\n  |---|---|\n  | 1 | 2 |";
    expect(measure(quoted).tableCells).toBe(2);
    expect(measure(`${quoted}\n\n${listed}`).tableCells).toBe(6);
  });

  it("does not count a table in fenced code, or a delimiter row with no header above", () => {
    expect(measure("```\n| a |\n|---|\n| 1 |\n```").tableCells).toBe(0);
    expect(measure("text\n\n|---|\n| 1 |").tableCells).toBe(0);
  });

  it("shows a message whose tables hold more cells than the limit as plain text", () => {
    const rows = (n: number) => `| a |\n|---|\n${"| 1 |\n".repeat(n)}`;
    expect(planRender(rows(MAX_TABLE_CELLS - 1)).mode).toBe("markdown");
    expect(planRender(rows(MAX_TABLE_CELLS))).toMatchObject({ mode: "plain", reason: "table" });
  });
});
