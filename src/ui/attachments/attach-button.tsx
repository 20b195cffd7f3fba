import { useId, useRef } from "react";
import { useT } from "../i18n/use-t.ts";

/** The button that opens the file picker, and the picker itself (both named Attach files). */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <button type="button" aria-controls={id} onClick={() => input.current?.click()}>
        {t("attach.button")}
      </button>
      <input
        id={id}
        ref={input}
        type="file"
        multiple
        className="visually-hidden"
        aria-label={t("attach.button")}
        tabIndex={-1}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
