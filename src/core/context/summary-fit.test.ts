import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { Message } from "../message.ts";
import { type FitInput, fitRequest } from "./fit-request.ts";
import type { SummaryOption } from "./summary-fit.ts";

const sizes = fakeSizes((m) => m.content.length);
const turn = (length: number) => [
  buildMessage({ role: "user", content: "q".repeat(length) }),
  buildMessage({ role: "assistant", content: "a".repeat(length) }),
];
const summaryOf = (length: number) =>
  buildMessage({ role: "assistant", content: "s".repeat(length) });

/** Budget 950 - 16 fixed - 100 for the new message: 834 tokens for the path and a summary. */
function fitted(path: Message[], summary: SummaryOption, extra: Partial<FitInput> = {}) {
  const result = fitRequest({
    system: "Be brief.",
    path,
    next: buildMessage({ role: "user", content: "n".repeat(100) }),
    window: 1000,
    reserve: 0,
    sizes,
    summary,
    ...extra,
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.value;
}

describe("fitRequest with a summary", () => {
  it("needs none while everything fits", () => {
    const fit = fitted([...turn(100), ...turn(100)], { budget: 200 });
    expect(fit.summary).toEqual({ status: "unneeded" });
    expect(fit.omitted).toBe(0);
  });

  it("asks for one covering what is left out, and keeps room for it", () => {
    const path = [...turn(150), ...turn(150), ...turn(150), ...turn(150)];
    const fit = fitted(path, { budget: 300 });
    expect(fit.omitted).toBe(6);
    expect(fit.summary).toEqual({
      status: "needed",
      reason: "missing",
      covers: path.slice(0, 6),
      lastCoveredId: path[5]?.id,
      previous: null,
      added: path.slice(0, 6),
    });
    expect(fit.tokens + 300).toBeLessThanOrEqual(fit.budget);
  });

  it("places the summary it was given before the cut, as a message of its own", () => {
    const path = [...turn(150), ...turn(150), ...turn(150), ...turn(150)];
    const summary = summaryOf(150);
    const fit = fitted(path, {
      budget: 200,
      current: { message: summary, lastCoveredId: path[3]?.id ?? "" },
    });
    expect(fit.summary).toEqual({ status: "placed", message: summary });
    expect(fit.messages.slice(0, 5)).toEqual([summary, ...path.slice(4)]);
    expect(fit.omitted).toBe(4);
    expect(fit.firstSentId).toBe(path[4]?.id);
    expect(fit.tokens).toBe(16 + 150 + 600 + 100);
  });

  it("asks for it again when the cut moves past what it covers, from the old one and what follows", () => {
    const path = [...turn(150), ...turn(150), ...turn(150), ...turn(150), ...turn(150)];
    const old = summaryOf(150);
    const fit = fitted(path, {
      budget: 300,
      current: { message: old, lastCoveredId: path[1]?.id ?? "" },
    });
    expect(fit.omitted).toBe(8);
    expect(fit.summary).toMatchObject({
      status: "needed",
      reason: "moved",
      lastCoveredId: path[7]?.id,
      previous: old,
      added: path.slice(2, 8),
    });
    expect(fit.messages).not.toContain(old);
  });

  it("does not trust a summary whose last message is gone or ends half a turn", () => {
    const path = [...turn(150), ...turn(150), ...turn(150), ...turn(150)];
    const old = summaryOf(10);
    for (const lastCoveredId of ["gone", path[2]?.id ?? ""]) {
      const fit = fitted(path, { budget: 200, current: { message: old, lastCoveredId } });
      expect(fit.summary).toMatchObject({ status: "needed", reason: "unknown", previous: null });
    }
  });

  it("only leaves messages out when the room for a summary would push the new one out", () => {
    const path = [...turn(400), ...turn(100)];
    const fit = fitted(path, { budget: 850 });
    expect(fit.summary).toEqual({ status: "no_room" });
    expect(fit.omitted).toBe(2);
  });
});
