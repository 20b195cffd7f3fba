import type { Message } from "../../core/message.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { failureWords } from "../proxy/failure-words.ts";

/**
 * The step-limit answer: by its code, or, in records written before codes, as the only stored
 * error answer the turn writes itself, with no text and no timing (an answer that failed on the
 * model's side always has its timing).
 */
export function isStepLimitAnswer(message: Message): boolean {
  if (message.role !== "assistant" || message.status !== "error") return false;
  if (message.error?.code !== undefined) return message.error.code === "step_limit";
  return (
    message.content === "" &&
    message.timing === undefined &&
    (message.toolCalls?.length ?? 0) === 0 &&
    !message.notes?.includes("context_full")
  );
}

/** Why an answer failed, in the user's language, by its code; what the proxy said is the detail. */
export function ErrorNotice({ message }: { message: Message }) {
  const t = useSectionT("modelError");
  if (!t) return null;
  const stepLimit = isStepLimitAnswer(message);
  const error = message.error ?? {};
  const legacyContextFull = error.code === undefined && message.notes?.includes("context_full");
  const words = stepLimit
    ? failureWords({ ...error, code: "step_limit" })
    : legacyContextFull
      ? failureWords({ code: "context_full" })
      : error.code !== undefined
        ? failureWords(error)
        : null;
  return (
    <div className="notice error">
      <p>
        <strong>{t(stepLimit ? "stepLimit" : "errorAnswer")}</strong>
      </p>
      {words ? <p>{t(words.key, words.vars)}</p> : null}
      {error.detail ? <p className="muted">{t("failDetail", { detail: error.detail })}</p> : null}
    </div>
  );
}
