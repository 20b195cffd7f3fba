import { describe, expect, it } from "vitest";
import { draftOf, readDraft } from "./param-draft.ts";

const empty = draftOf({});

describe("readDraft", () => {
  it("reads empty fields as the default and numbers as typed", () => {
    expect(readDraft(empty)).toEqual({ ok: true, value: {} });
    expect(
      readDraft({ ...empty, temperature: " 0.3 ", maxTokens: "200", reasoningEffort: "low" }),
    ).toEqual({ ok: true, value: { temperature: 0.3, maxTokens: 200, reasoningEffort: "low" } });
  });

  it("gives back what draftOf was given", () => {
    const params = { temperature: 1.2, topP: 0.9, maxTokens: 4096 };
    expect(readDraft(draftOf(params))).toEqual({ ok: true, value: params });
  });

  it("refuses text, and what the browser could not read, as not a number", () => {
    expect(readDraft({ ...empty, temperature: "warm" })).toEqual({
      ok: false,
      error: { code: "not_a_number", field: "temperature" },
    });
    expect(readDraft({ ...empty, bad: ["maxTokens"] })).toMatchObject({
      error: { code: "not_a_number", field: "maxTokens" },
    });
  });

  it("refuses values out of range", () => {
    expect(readDraft({ ...empty, temperature: "5" })).toMatchObject({
      error: { code: "out_of_range", field: "temperature" },
    });
    expect(readDraft({ ...empty, maxTokens: "-1" })).toMatchObject({
      error: { code: "out_of_range", field: "maxTokens" },
    });
    expect(readDraft({ ...empty, maxTokens: "1.5" })).toMatchObject({
      error: { code: "out_of_range", field: "maxTokens" },
    });
  });
});
