import type { Attachments } from "../../services/attachments/attachments.ts";

/** What the view reads bytes from, and hears of bytes stored. */
export type BlobSource = Pick<Attachments, "blob" | "onStored">;

/**
 * Tells `show` a `blob:` URL of the bytes of `hash`, or null while they are not stored, and
 * reads them again when they are (an import or sync stored them). It listens before its first
 * read: listening only once a read had found nothing missed bytes stored while that read was
 * under way, and the placeholder stayed (a synced picture whose bytes arrived just after its
 * message). Returns the stop, which revokes the URL.
 */
export function watchBlobUrl(
  source: BlobSource,
  hash: string,
  show: (url: string | null) => void,
): () => void {
  let made: string | null = null;
  let live = true;
  const read = () =>
    source.blob(hash).then(
      (blob) => {
        if (!live || made) return;
        if (!blob) return show(null);
        made = URL.createObjectURL(new Blob([blob.bytes as BlobPart], { type: blob.mime }));
        show(made);
      },
      () => {
        if (live && !made) show(null);
      },
    );
  const stopListening = source.onStored((stored) => {
    if (stored === hash && !made) void read();
  });
  void read();
  return () => {
    live = false;
    stopListening();
    if (made) URL.revokeObjectURL(made);
  };
}
