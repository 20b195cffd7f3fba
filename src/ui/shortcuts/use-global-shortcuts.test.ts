import { describe, expect, it } from "vitest";
import { shortcutOf } from "./use-global-shortcuts.ts";

const press = (
  key: string,
  mods: Partial<
    Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey" | "isComposing", boolean>
  > = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  isComposing: false,
  ...mods,
});

describe("shortcutOf", () => {
  it("maps Ctrl or Cmd+K to search and Ctrl+Shift+O to a new chat", () => {
    expect(shortcutOf(press("k", { ctrlKey: true }), true)).toBe("search");
    expect(shortcutOf(press("K", { metaKey: true }), false)).toBe("search");
    expect(shortcutOf(press("O", { ctrlKey: true, shiftKey: true }), false)).toBe("newChat");
  });

  it("opens help with ? only outside text fields", () => {
    expect(shortcutOf(press("?", { shiftKey: true }), false)).toBe("help");
    expect(shortcutOf(press("?", { shiftKey: true }), true)).toBeNull();
  });

  it("moves between conversations with Alt+arrows and ignores IME composition", () => {
    expect(shortcutOf(press("ArrowUp", { altKey: true }), true)).toBe("previous");
    expect(shortcutOf(press("ArrowDown", { altKey: true }), false)).toBe("next");
    expect(shortcutOf(press("k", { ctrlKey: true, isComposing: true }), false)).toBeNull();
    expect(shortcutOf(press("a"), false)).toBeNull();
  });
});
