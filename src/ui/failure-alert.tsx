import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { failureWords } from "./proxy/failure-words.ts";

/** What failed and what to do, in the user's language; the store's English text is the detail. */
export function FailureAlert({ sessionId }: { sessionId: string }) {
  const t = useT();
  const failure = useAppStore((s) => s.failures[sessionId]);
  const retry = useAppStore((s) => s.retry);
  const dismiss = useAppStore((s) => s.dismissFailure);
  if (!failure) return null;
  const words = failureWords(failure);
  const headline = t(words.key, words.vars);
  return (
    <div role="alert" className="alert">
      <p>
        {headline}
        {failure.message !== headline ? (
          <>
            <br />
            <small className="muted">{t("failDetail", { detail: failure.message })}</small>
          </>
        ) : null}
      </p>
      {failure.retryable ? (
        <button type="button" onClick={() => void retry(sessionId)}>
          {t("retry")}
        </button>
      ) : null}
      <button type="button" onClick={() => dismiss(sessionId)}>
        {t("close")}
      </button>
    </div>
  );
}
