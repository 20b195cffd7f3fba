import { describe, expect, it } from "vitest";
import { changedMeanwhile, draftFrom, followStored, formatState } from "./state-draft.ts";

const a = formatState({ name: "Li" });
const b = formatState({ name: "Li", city: "Paris" });

describe("the Session details state draft", () => {
  it("follows the stored state while the user has not edited it", () => {
    const draft = followStored(draftFrom("s1", a), "s1", b);
    expect(draft).toEqual(draftFrom("s1", b));
    expect(changedMeanwhile(draft, b)).toBe(false);
  });

  it("keeps an unsaved edit when a tool changes the state, and says the state changed (the bug that discarded edits)", () => {
    const edited = { ...draftFrom("s1", a), text: '{"name": "Wang"}' };
    const after = followStored(edited, "s1", b);
    expect(after.text).toBe('{"name": "Wang"}');
    expect(changedMeanwhile(after, b)).toBe(true);
    expect(changedMeanwhile(after, a)).toBe(false);
  });

  it("starts from the other session's state when the session changes", () => {
    const edited = { ...draftFrom("s1", a), text: "{}" };
    expect(followStored(edited, "s2", b)).toEqual(draftFrom("s2", b));
  });

  it("returns the same draft when nothing changed, so React does not render again", () => {
    const draft = draftFrom("s1", a);
    expect(followStored(draft, "s1", a)).toBe(draft);
  });
});
