import { useProxyHealth } from "../net/health-query.ts";
import type { RunFailure } from "../store/app-state.ts";
import { useAppStore } from "../store/react.tsx";
import { useSectionT } from "./i18n/use-section-t.ts";
import { failureWords } from "./proxy/failure-words.ts";
import { useServices } from "./use-services.tsx";

/** What failed and what to do, in the user's language; the code's or proxy's text is only the detail. */
export function FailureAlert({ sessionId }: { sessionId: string }) {
  const failure = useAppStore((s) => s.failures[sessionId]);
  return failure ? <FailureWords sessionId={sessionId} failure={failure} /> : null;
}

/** The alert itself, once the model-error words are here (they load with the first failure). */
function FailureWords({ sessionId, failure }: { sessionId: string; failure: RunFailure }) {
  const t = useSectionT("modelError");
  const { runs, proxy } = useServices();
  // While the proxy does not answer, its banner says so (with Retry now): the same words here
  // would be the third time on screen. Once it is back, this offers Retry for the answer.
  const down = useProxyHealth(proxy).isError;
  if (!t || (down && failure.code === "unreachable")) return null;
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
