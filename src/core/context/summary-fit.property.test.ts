import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AT, build, conversation, cost } from "../../test/fit-arbitraries.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { Message } from "../message.ts";
import { fitRequest } from "./fit-request.ts";

const inputs = fc.record({
  spec: conversation,
  window: fc.integer({ min: 200, max: 4000 }),
  summaryBudget: fc.integer({ min: 1, max: 600 }),
  /** Where the summary made before ends, as a share of the path; none when undefined. */
  previousAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  previousCost: cost,
});

describe("fitRequest with a summary, for any conversation", () => {
  it("loses no message: each is sent, stands in the placed summary, or is in what to summarise", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(inputs, ({ spec, window, summaryBudget, previousAt, previousCost }) => {
        const { path, costs } = build(spec);
        const next: Message = { id: "new", role: "user", content: "new", createdAt: AT };
        const previous: Message = { id: "sum", role: "assistant", content: "", createdAt: AT };
        costs.set("new", 20);
        costs.set("sum", previousCost);
        const ends =
          previousAt === undefined ? undefined : path[Math.floor(previousAt * path.length)];
        const result = fitRequest({
          system: "Be brief.",
          path,
          next,
          window,
          reserve: 0,
          sizes: fakeSizes((m) => costs.get(m.id) ?? 0),
          summary: {
            budget: summaryBudget,
            ...(ends ? { current: { message: previous, lastCoveredId: ends.id } } : {}),
          },
        });
        if (!result.ok) return;
        const fit = result.value;
        const summary = fit.summary;
        if (!summary) throw new Error("a summary was asked for");
        seen.add(summary.status);
        const sent = fit.messages.filter((m) => m !== previous && m !== next);
        expect(sent).toEqual(path.slice(fit.omitted));
        if (summary.status === "unneeded") expect(fit.omitted).toBe(0);
        if (summary.status === "placed") {
          expect(fit.messages[0]).toBe(previous);
          expect(path.findIndex((m) => m.id === ends?.id) + 1).toBe(fit.omitted);
          expect(fit.tokens).toBeLessThanOrEqual(fit.budget);
        }
        if (summary.status === "needed") {
          expect(summary.covers).toEqual(path.slice(0, fit.omitted));
          expect(summary.lastCoveredId).toBe(path[fit.omitted - 1]?.id);
          const from = path.findIndex((m) => m.id === ends?.id) + 1;
          if (summary.previous) expect(summary.added).toEqual(path.slice(from, fit.omitted));
          else expect(summary.added).toEqual(summary.covers);
          expect(fit.tokens + summaryBudget).toBeLessThanOrEqual(fit.budget);
          expect(fit.messages).not.toContain(previous);
        }
      }),
      { numRuns: 400 },
    );
    expect([...seen].sort()).toEqual(["needed", "no_room", "placed", "unneeded"]);
  });
});
