import { useEffect, useState } from "react";
import { useServices } from "../use-services.tsx";

/**
 * A `blob:` URL of a stored attachment, made when the component that shows it mounts and revoked
 * when it goes, so bytes are read only for what is on screen. Undefined while reading; null when
 * the bytes are gone, until an import stores them again (then they are read once more).
 */
export function useBlobUrl(hash: string): string | null | undefined {
  const { attachments } = useServices();
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    let stopWaiting: (() => void) | undefined;
    const waitForBytes = () => {
      stopWaiting ??= attachments.onStored((stored) => {
        if (stored !== hash) return;
        stopWaiting?.();
        stopWaiting = undefined;
        read();
      });
    };
    const read = () =>
      attachments.blob(hash).then(
        (blob) => {
          if (!live) return;
          if (!blob) {
            setUrl(null);
            waitForBytes();
            return;
          }
          made = URL.createObjectURL(new Blob([blob.bytes as BlobPart], { type: blob.mime }));
          setUrl(made);
        },
        () => live && setUrl(null),
      );
    read();
    return () => {
      live = false;
      stopWaiting?.();
      if (made) URL.revokeObjectURL(made);
    };
  }, [attachments, hash]);
  return url;
}
