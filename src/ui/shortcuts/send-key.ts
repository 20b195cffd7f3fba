import type { KeyboardEvent } from "react";

/**
 * Enter without Shift sends the text. Not while an input method is composing: keyCode 229 also
 * catches the Enter that ends a composition in browsers that report it after `compositionend`.
 */
export function isSendKey(e: KeyboardEvent): boolean {
  return e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing && e.keyCode !== 229;
}
