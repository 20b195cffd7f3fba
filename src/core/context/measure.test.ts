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
