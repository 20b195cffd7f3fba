import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/use-t.ts";

/** Copies `text`; says so in a live region, and says what to do when the clipboard refuses. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setState("copied");
          } catch {
            setState("failed");
          }
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setState("idle"), 2000);
        }}
      >
        {state === "copied" ? t("copied") : t("copy")}
      </button>
      <span role="status" className="visually-hidden">
        {state === "copied" ? t("copied") : state === "failed" ? t("copyFailed") : ""}
      </span>
    </>
  );
}
