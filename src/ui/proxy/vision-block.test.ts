import { describe, expect, it } from "vitest";
import { visionBlock } from "./vision-block.ts";

const listing = {
  models: [{ id: "demo", vision: true }, { id: "text-only", vision: false }, { id: "unknown" }],
  problems: [],
};

describe("visionBlock", () => {
  it("names the answering model that cannot read images", () => {
    expect(visionBlock(listing, "text-only", [], true)).toBe("text-only");
    expect(visionBlock(listing, "demo", ["", "text-only"], true)).toBe("text-only");
  });

  it("lets through a message without images, a model that reads them, and one not described", () => {
    expect(visionBlock(listing, "text-only", [], false)).toBeNull();
    expect(visionBlock(listing, "demo", [""], true)).toBeNull();
    expect(visionBlock(listing, "unknown", [], true)).toBeNull();
    expect(visionBlock(undefined, "text-only", [], true)).toBeNull();
  });
});
