import { useT } from "../i18n/use-t.ts";

/** Why files were not attached or not sent, one line each, with a Close button. */
export function AttachmentRefusals({
  refusals,
  onDismiss,
}: {
  refusals: readonly string[];
  onDismiss: () => void;
}) {
  const t = useT();
  if (refusals.length === 0) return null;
  return (
    <div role="alert" className="alert">
      {refusals.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <button type="button" onClick={onDismiss}>
        {t("close")}
      </button>
    </div>
  );
}
