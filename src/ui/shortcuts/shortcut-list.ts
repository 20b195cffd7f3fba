import type { SectionKey } from "../i18n/sections.ts";

export interface Shortcut {
  keys: string[];
  action: SectionKey<"dialogWords">;
}

/** Every keyboard shortcut, as the help dialog lists them. `Mod` is Ctrl, or ⌘ on a Mac. */
export const SHORTCUTS: Shortcut[] = [
  { keys: ["Enter"], action: "shortcutSend" },
  { keys: ["Shift", "Enter"], action: "shortcutNewLine" },
  { keys: ["Esc"], action: "shortcutStop" },
  { keys: ["Mod", "K"], action: "shortcutSearch" },
  { keys: ["Mod", "Shift", "O"], action: "shortcutNewChat" },
  { keys: ["Alt", "↑"], action: "shortcutPrevious" },
  { keys: ["Alt", "↓"], action: "shortcutNext" },
  { keys: ["?"], action: "shortcutHelp" },
];

export function isMac(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}
