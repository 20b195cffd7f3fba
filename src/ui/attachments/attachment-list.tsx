import type { Attachment } from "../../core/attachments/attachment.ts";
import { useT } from "../i18n/use-t.ts";
import { AttachmentThumb } from "./attachment-thumb.tsx";

/** The files that will go with the message, each with its Remove button. */
export function AttachmentList({
  attachments,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onRemove: (hash: string) => void;
}) {
  const t = useT();
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-list" aria-label={t("attach.list")}>
      {attachments.map((a) => (
        <li key={a.hash}>
          <AttachmentThumb attachment={a} />
          <button
            type="button"
            className="attachment-remove"
            aria-label={t("attach.remove", { name: a.name })}
            onClick={() => onRemove(a.hash)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
