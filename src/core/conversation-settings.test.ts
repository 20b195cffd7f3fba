import { describe, expect, it } from "vitest";
import { checkSettings, compactSettings, sameSettings } from "./conversation-settings.ts";

describe("conversation settings", () => {
  it("keeps the set fields and gives nothing when none is set", () => {
    expect(compactSettings({ temperature: 0.3, maxTokens: undefined })).toEqual({
      temperature: 0.3,
    });
    expect(compactSettings({})).toBeUndefined();
    expect(compactSettings(undefined)).toBeUndefined();
  });

  it("compares absent and undefined alike", () => {
    expect(sameSettings(undefined, {})).toBe(true);
    expect(sameSettings({ topP: 1 }, { topP: 1, maxTokens: undefined })).toBe(true);
    expect(sameSettings({ topP: 1 }, { topP: 0.5 })).toBe(false);
  });

  it("accepts values in range and an empty system prompt", () => {
    expect(checkSettings({ systemPrompt: "", temperature: 2, topP: 0, maxTokens: 1 })).toEqual({
      ok: true,
      value: { systemPrompt: "", temperature: 2, topP: 0, maxTokens: 1 },
    });
  });

  it("refuses a value out of range with the field it concerns", () => {
    expect(checkSettings({ temperature: 5 })).toEqual({
      ok: false,
      error: { code: "setting_invalid", field: "temperature" },
    });
    expect(checkSettings({ maxTokens: -1 })).toMatchObject({ error: { field: "maxTokens" } });
    expect(checkSettings({ maxTokens: 2.5 })).toMatchObject({ error: { field: "maxTokens" } });
    expect(checkSettings({ topP: Number.NaN })).toMatchObject({ error: { field: "topP" } });
  });

  it("keeps how a conversation too long for the model is fitted, and refuses a way it does not know", () => {
    expect(checkSettings({ overflow: "summarize" })).toEqual({
      ok: true,
      value: { overflow: "summarize" },
    });
    expect(sameSettings({ overflow: "summarize" }, {})).toBe(false);
    const unknown = { overflow: "forget" } as unknown as Parameters<typeof checkSettings>[0];
    expect(checkSettings(unknown)).toMatchObject({ error: { field: "overflow" } });
  });
});
