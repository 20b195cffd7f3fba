import type { Attachment } from "../../core/attachments/attachment.ts";
import "./attachments.css";
import { useT } from "../i18n/use-t.ts";
import { formatBytes } from "../settings/storage-usage.tsx";
import { useBlobUrl } from "./use-blob-url.ts";

/** An image from the app's own `blob:` URL, named by its file name (never from model output). */
function AttachedImage({ attachment }: { attachment: Attachment }) {
  const t = useT();
  const url = useBlobUrl(attachment.hash);
  if (url === null) return <span className="muted">{t("attach.imageGone")}</span>;
  if (url === undefined) return <span className="attachment-thumb-wait" />;
  return <img className="attachment-thumb" src={url} alt={attachment.name} />;
}

/** One attachment: a thumbnail for an image, else the file's name; its size either way. */
export function AttachmentThumb({ attachment }: { attachment: Attachment }) {
  return (
    <span className="attachment">
      {attachment.kind === "image" ? <AttachedImage attachment={attachment} /> : null}
      <span className="attachment-name">{attachment.name}</span>
      <span className="attachment-size muted">{formatBytes(attachment.size)}</span>
    </span>
  );
}

/** The files a sent message carries, shown under its text. */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  return (
    <ul className="message-attachments">
      {attachments.map((a) => (
        <li key={a.hash}>
          <AttachmentThumb attachment={a} />
        </li>
      ))}
    </ul>
  );
}
