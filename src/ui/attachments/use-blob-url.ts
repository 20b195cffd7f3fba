import { useEffect, useState } from "react";
import { useServices } from "../use-services.tsx";
import { watchBlobUrl } from "./watch-blob-url.ts";

/**
 * A `blob:` URL of a stored attachment, made when the component that shows it mounts and revoked
 * when it goes, so bytes are read only for what is on screen. Undefined while reading; null when
 * the bytes are gone, until an import or sync stores them (then they are read once more).
 */
export function useBlobUrl(hash: string): string | null | undefined {
  const { attachments } = useServices();
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => watchBlobUrl(attachments, hash, setUrl), [attachments, hash]);
  return url;
}
