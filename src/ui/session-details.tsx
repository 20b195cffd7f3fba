import { useEffect, useState } from "react";
import type { JsonObject } from "../core/json.ts";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";

function parseState(text: string): { ok: true; value: JsonObject } | { ok: false; reason: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ok: false, reason: 'The state must be a JSON object, like {"key": "value"}.' };
    }
    return { ok: true, value: value as JsonObject };
  } catch (error) {
    return {
      ok: false,
      reason: `Invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export function SessionDetails({ sessionId }: { sessionId: string }) {
  const t = useT();
  const session = useAppStore((s) => s.bodies[sessionId]);
  const setSessionState = useAppStore((s) => s.setSessionState);
  const stateJson = JSON.stringify(session?.state ?? {}, null, 2);
  const [draft, setDraft] = useState(stateJson);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => setDraft(stateJson), [stateJson]);

  if (!session) return null;
  return (
    <section className="session-details" aria-label={t("sessionDetails")}>
      <h2>{t("sessionDetails")}</h2>
      <dl>
        <dt>id</dt>
        <dd>{session.id}</dd>
        <dt>created</dt>
        <dd>{session.createdAt}</dd>
        <dt>updated</dt>
        <dd>{session.updatedAt}</dd>
        <dt>messages</dt>
        <dd>{session.messages.length}</dd>
      </dl>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseState(draft);
          if (!parsed.ok) {
            setProblem(parsed.reason);
            return;
          }
          setProblem(null);
          void setSessionState(sessionId, parsed.value);
        }}
      >
        <label>
          State
          <textarea
            aria-label="State"
            value={draft}
            rows={8}
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        {problem ? <p role="alert">{problem}</p> : null}
        <button type="submit">{t("save")}</button>
      </form>
    </section>
  );
}
