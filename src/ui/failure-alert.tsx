import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";

export function FailureAlert({ sessionId }: { sessionId: string }) {
  const t = useT();
  const failure = useAppStore((s) => s.failures[sessionId]);
  const retry = useAppStore((s) => s.retry);
  const dismiss = useAppStore((s) => s.dismissFailure);
  if (!failure) return null;
  return (
    <div role="alert" className="alert">
      <p>{failure.message}</p>
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
