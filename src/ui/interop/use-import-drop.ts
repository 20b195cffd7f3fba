import { useEffect, useState } from "react";

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest("input, textarea, select") !== null)
  );
}

/**
 * Files dropped anywhere on the window (but on a target that took them), and JSON pasted outside
 * a text field, go to `onFiles`.
 * Returns whether files are being dragged over the window, for a hint.
 */
export function useImportDrop(onFiles: (files: File[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes("Files") === true;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // A drop the composer took (it attaches files) still ends the drag here.
      const taken = e.defaultPrevented;
      e.preventDefault();
      depth = 0;
      setDragging(false);
      if (taken) return;
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length > 0) onFiles(files);
    };
    const paste = (e: ClipboardEvent) => {
      if (e.defaultPrevented || isEditable(e.target) || document.querySelector("dialog[open]"))
        return;
      const files = [...(e.clipboardData?.files ?? [])];
      const text = e.clipboardData?.getData("text/plain") ?? "";
      if (files.length > 0) onFiles(files);
      else if (/^\s*[[{]/.test(text))
        onFiles([new File([text], "pasted.json", { type: "application/json" })]);
      else return;
      e.preventDefault();
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    window.addEventListener("paste", paste);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
      window.removeEventListener("paste", paste);
    };
  }, [onFiles]);
  return dragging;
}
