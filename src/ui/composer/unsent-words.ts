import type { UnsentReason } from "../../services/composer/unsent-texts.ts";
import type { SectionTranslate } from "../i18n/use-section-t.ts";
import type { Locale } from "../i18n/use-t.ts";
import { failureWords } from "../proxy/failure-words.ts";

/** Why a message went back into the composer, in the user's language. */
export function unsentWords(
  t: SectionTranslate<"modelError">,
  locale: Locale,
  reason: UnsentReason,
): string {
  const number = (n: number) => n.toLocaleString(locale === "zh" ? "zh-CN" : "en-US");
  switch (reason.code) {
    case "message_empty":
      return t("sendEmpty");
    case "message_too_long":
      return t("sendTooLong", { length: number(reason.length), max: number(reason.max) });
    case "already_running":
      return t("sendAlreadyRunning");
    case "session_gone":
      return t("sendSessionGone");
    case "nothing_to_replace":
      return t("sendNothingToReplace");
    case "run_failed": {
      const words = failureWords(reason.failure);
      return t(words.key, words.vars);
    }
    case "failed":
      return t("sendFailed");
  }
}

/** What the proxy, the browser or the code said about it, shown after the words; never the words. */
export function unsentDetail(reason: UnsentReason): string | undefined {
  if (reason.code === "failed") return reason.detail;
  if (reason.code === "run_failed") return reason.failure.detail;
  return undefined;
}
