import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import { measureContext } from "./measure.ts";
import { modelFacts } from "./model-facts.ts";

/** Every message costs as many tokens as its content has characters. */
const sizes = fakeSizes((m) => m.content.length);
const facts = modelFacts(1000, 100);
const turn = (length: number) => [
  buildMessage({ role: "user", content: "q".repeat(length) }),
  buildMessage({ role: "assistant", content: "a".repeat(length) }),
];
const measure = (path = turn(100), draft = "") =>
  measureContext({ system: "", tools: [], path, draft, facts, sizes });

describe("measureContext", () => {
  it("counts the path and grows with the draft", () => {
    const empty = measure();
    expect(empty).toMatchObject({ tokens: 3 + 200, window: 1000, omitted: 0, tooLong: false });
    expect(empty.budget).toBe(1000 - 100 - 50);
    expect(measure(turn(100), "d".repeat(50)).tokens).toBe(3 + 200 + 50);
  });

  it("says how many messages the next send would leave out", () => {
    const path = [...turn(300), ...turn(100)];
    expect(measure(path).omitted).toBe(0);
    const cut = measure(path, "d".repeat(300));
    expect(cut.omitted).toBe(2);
    expect(cut.tokens).toBeLessThanOrEqual(cut.budget);
  });

  it("says a draft too long to send is too long, with its tokens", () => {
    const measured = measure(turn(10), "d".repeat(2000));
    expect(measured).toMatchObject({ tooLong: true, tokens: 2000 });
  });
});

describe("measureContext in a conversation that summarises", () => {
  const six = () => [1, 2, 3, 4, 5, 6].flatMap(() => turn(100));
  const summarising = (path: ReturnType<typeof six>, draft = "") =>
    measureContext({ system: "", tools: [], path, draft, facts, sizes, summarize: true });
  /** The room a summary is given in a 1,000-token window: an eighth, and its frame. */
  const room = 125 + 16;

  it("counts the summary a send must make as the room kept for it, the cut moving to make that room", () => {
    const path = six();
    expect(measure(path)).toMatchObject({ omitted: 4, tokens: 3 + 800, summarized: false });
    // Beside the summary's room only three turns fit: six messages are left out.
    expect(summarising(path)).toMatchObject({
      omitted: 6,
      tokens: 3 + 600 + room,
      summarized: true,
      tooLong: false,
    });
  });

  it("counts a summary that still stands in place of the messages it covers", () => {
    const path = six();
    const summary = buildMessage({
      role: "system",
      content: "s".repeat(50),
      summary: { covers: 6, lastCoveredId: path[5]?.id ?? "" },
    });
    const measured = summarising([...path, summary], "next");
    expect(measured).toMatchObject({ omitted: 6, tokens: 3 + 50 + 600 + 4, summarized: true });
    expect(measure([...path, summary], "next")).toMatchObject({ omitted: 4, summarized: false });
  });

  it("counts no summary when everything fits", () => {
    expect(summarising(turn(100))).toMatchObject({ omitted: 0, tokens: 203, summarized: false });
  });
});
