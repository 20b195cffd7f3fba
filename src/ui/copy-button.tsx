import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { IconButton } from "./controls/icon-button.tsx";

/** The words of a copy button, in the user's language. */
export interface CopyWords {
  copy: string;
  copied: string;
  copyFailed: string;
}

interface CopyButtonProps {
  text: string;
  words: CopyWords;
  /** A fixed accessible name; without it the button is named by what it shows. */
  label?: string;
  className?: string;
  /** Shown as an icon with a tooltip instead of a word. */
  icon?: boolean;
}

/** Copies `text`; says so in a live region, and says what to do when the clipboard refuses. */
export function CopyButton({ text, words, label, className, icon }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  };
  return (
    <>
      {icon ? (
        <IconButton
          label={label ?? words.copy}
          icon={state === "copied" ? Check : Copy}
          className={className}
          onClick={() => void copy()}
        />
      ) : (
        <button type="button" className={className} aria-label={label} onClick={() => void copy()}>
          {state === "copied" ? words.copied : words.copy}
        </button>
      )}
      <span className="visually-hidden" role="status">
        {state === "copied" ? words.copied : state === "failed" ? words.copyFailed : ""}
      </span>
    </>
  );
}
