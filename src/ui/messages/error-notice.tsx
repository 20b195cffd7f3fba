import type { Message } from "../../core/message.ts";
import { useT } from "../i18n/use-t.ts";

/**
 * The step-limit answer is the only stored error answer the turn writes itself, with no text
 * and no timing; an answer that failed on the model's side always has its timing.
 */
export function isStepLimitAnswer(message: Message): boolean {
  return (
    message.role === "assistant" &&
    message.status === "error" &&
    message.content === "" &&
    message.timing === undefined &&
    (message.toolCalls?.length ?? 0) === 0 &&
    !message.notes?.includes("context_full")
  );
}

/** Why an answer failed, in the user's language; the stored (English) reason is the detail. */
export function ErrorNotice({ message }: { message: Message }) {
  const t = useT();
  const stepLimit = isStepLimitAnswer(message);
  return (
    <div className="notice error">
      {stepLimit ? (
        <p>
          <strong>{t("stepLimit")}</strong>
        </p>
      ) : null}
      <p>
        {stepLimit
          ? t("stepLimitHelp")
          : message.notes?.includes("context_full")
            ? t("context.full")
            : t("errorAnswer")}
      </p>
      {message.error ? <p className="muted">{t("failDetail", { detail: message.error })}</p> : null}
    </div>
  );
}
