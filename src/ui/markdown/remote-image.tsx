import { useState } from "react";
import { useMarkdownLabels } from "./markdown-labels.ts";
import { safeImageSrc } from "./safe-url.ts";

const consented = new Set<string>();

/** No zero-click leaks: an image from another host loads only after the user asks for it. */
export function RemoteImage({
  src,
  alt,
  title,
}: {
  src: string;
  alt: string;
  title: string | null;
}) {
  const labels = useMarkdownLabels();
  const safe = safeImageSrc(src);
  const [allowed, setAllowed] = useState(() => safe !== null && consented.has(safe));
  if (safe === null) return <span className="md-image-blocked">{alt || src}</span>;
  if (allowed) {
    return (
      <img
        className="md-image"
        src={safe}
        alt={alt}
        title={title ?? undefined}
        referrerPolicy="no-referrer"
        loading="lazy"
      />
    );
  }
  return (
    <span className="md-image-placeholder">
      <span className="md-image-url">
        {labels.imageBlocked} {alt ? `${alt} — ` : ""}
        {safe}
      </span>{" "}
      <button
        type="button"
        onClick={() => {
          consented.add(safe);
          setAllowed(true);
        }}
      >
        {labels.loadImage}
      </button>
    </span>
  );
}
