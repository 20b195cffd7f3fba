import { useT } from "../i18n/use-t.ts";

/**
 * The line above the first message the last request sent, when older ones were left out to fit
 * the model's window: the messages above it stay in the conversation, only the model did not see them.
 */
export function ContextCut({ omitted }: { omitted: number }) {
  const t = useT();
  const words = t("context.notSent");
  return (
    <div className="context-cut">
      <hr aria-label={words} />
      <span>{words}</span>
      <small className="muted">{t("context.notSentDetail", { count: omitted })}</small>
    </div>
  );
}
