import { describe, expect, it } from "vitest";
import { contentHash, textHash } from "./content-hash.ts";

const call = (name: string, args: string) => ({ name, arguments: args });

describe("contentHash", () => {
  it("is the same for the same content, whatever else the message holds", () => {
    const a = contentHash({ role: "user", content: "hello" });
    expect(contentHash({ role: "user", content: "hello" })).toBe(a);
    expect(a).not.toBe(contentHash({ role: "user", content: "hello!" }));
    expect(a).not.toBe(contentHash({ role: "assistant", content: "hello" }));
  });

  it("changes with a tool call's name or arguments, and where one part ends", () => {
    const base = contentHash({ role: "assistant", content: "", toolCalls: [call("ab", "c")] });
    expect(contentHash({ role: "assistant", content: "", toolCalls: [call("a", "bc")] })).not.toBe(
      base,
    );
    expect(contentHash({ role: "assistant", content: "", toolCalls: [call("ab", "d")] })).not.toBe(
      base,
    );
    expect(
      contentHash({ role: "assistant", content: "", images: 1, toolCalls: [call("ab", "c")] }),
    ).not.toBe(base);
  });

  it("tells a thousand similar texts apart", () => {
    const hashes = new Set(Array.from({ length: 1000 }, (_, i) => textHash(`message ${i}`)));
    expect(hashes.size).toBe(1000);
  });
});
