import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { failureWords } from "./proxy/failure-words.ts";
import { useServices } from "./use-services.tsx";

/** What failed and what to do, in the user's language; the code's or proxy's text is only the detail. */
export function FailureAlert({ sessionId }: { sessionId: string }) {
  const t = useT();
  const failure = useAppStore((s) => s.failures[sessionId]);
  const { runs } = useServices();
  if (!failure) return null;
  const words = failureWords(failure);
  const headline = t(words.key, words.vars);
  return (
    <div role="alert" className="alert">
      <p>
        {headline}
        {failure.detail ? (
          <>
            <br />
            <small className="muted">{t("failDetail", { detail: failure.detail })}</small>
          </>
        ) : null}
      </p>
      {failure.retryable ? (
        <button type="button" onClick={() => void runs.retry(sessionId)}>
          {t("retry")}
        </button>
      ) : null}
      <button type="button" onClick={() => runs.dismissFailure(sessionId)}>
        {t("close")}
      </button>
    </div>
  );
}
