import { useEffect, useState } from "react";
import { useServices } from "../use-services.tsx";

/**
 * A `blob:` URL of a stored attachment, made when the component that shows it mounts and revoked
 * when it goes, so bytes are read only for what is on screen. Undefined while reading; null when
 * the bytes are gone, until an import stores them again.
 */
export function useBlobUrl(hash: string): string | null | undefined {
  const { attachments } = useServices();
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(
    () =>
      url === null
        ? attachments.onStored((stored) => stored === hash && setAttempt((n) => n + 1))
        : undefined,
    [attachments, hash, url],
  );
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    attachments.blob(hash).then(
      (blob) => {
        if (!live) return;
        if (!blob) return setUrl(null);
        made = URL.createObjectURL(new Blob([blob.bytes as BlobPart], { type: blob.mime }));
        setUrl(made);
      },
      () => live && setUrl(null),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // `attempt` grows when an import stores these bytes again: read them once more.
  }, [attachments, hash, attempt]);
  return url;
}
