import { describe, expect, it } from "vitest";
import { type DraftStore, Drafts } from "./drafts.ts";

function memoryStore(): DraftStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe("drafts", () => {
  it("keeps one text per conversation and one for the start screen", () => {
    const drafts = new Drafts(null);
    drafts.set("a", "draft a");
    drafts.set(null, "first words");
    expect(drafts.get("a")).toBe("draft a");
    expect(drafts.get("b")).toBe("");
    expect(drafts.get(null)).toBe("first words");
  });

  it("forgets a text set to empty, in memory and in storage", () => {
    const store = memoryStore();
    const drafts = new Drafts(store);
    drafts.set("a", "draft");
    drafts.set("a", "");
    expect(drafts.get("a")).toBe("");
    expect(store.data.size).toBe(0);
  });

  it("reads back what an earlier page left in storage", () => {
    const store = memoryStore();
    new Drafts(store).set("a", "before reload");
    expect(new Drafts(store).get("a")).toBe("before reload");
  });

  it("still keeps the text in memory when storage throws", () => {
    const broken: DraftStore = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    const drafts = new Drafts(broken);
    expect(drafts.get("a")).toBe("");
    drafts.set("a", "kept");
    expect(drafts.get("a")).toBe("kept");
  });
});
