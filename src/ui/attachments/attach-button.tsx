import { Paperclip } from "lucide-react";
import { useId, useRef } from "react";
import { IconButton } from "../controls/icon-button.tsx";
import { useT } from "../i18n/use-t.ts";

/**
 * The paperclip that opens the file picker, and the picker itself (both named Attach files; the
 * button's name is its tooltip).
 */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <IconButton
        label={t("attach.button")}
        icon={Paperclip}
        className="attach-button"
        aria-controls={id}
        onClick={() => input.current?.click()}
      />
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
