import { Calculator, FileText, UserRound } from "lucide-react";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";

const EXAMPLES = [
  { key: "exampleSum", icon: Calculator },
  { key: "exampleName", icon: UserRound },
  { key: "exampleLong", icon: FileText },
] as const;

interface EmptyStateProps {
  /** The open conversation, or null on the start screen (a click then starts one). */
  sessionId: string | null;
  /** Why sending is not possible now: the examples are then not offered as buttons. */
  blockedReason: string | null;
}

/** What a new conversation shows: an invitation to write, and a few prompts to send with a click. */
export function EmptyState({ sessionId, blockedReason }: EmptyStateProps) {
  const t = useT();
  const { sessions, navigation, runs, unsent } = useServices();
  const send = async (text: string) => {
    const id = sessionId ?? (await sessions.newSession());
    if (!sessionId) navigation.navigateTo(id);
    const result = await runs.send(id, text);
    if (!result.ok) unsent.putBack(id, { text, failure: result.error });
  };
  return (
    <div className="empty-state">
      <h2>{t("emptyTitle")}</h2>
      <p className="muted">{t("emptyChat")}</p>
      <ul className="examples" aria-label={t("examplesLabel")}>
        {EXAMPLES.map(({ key, icon: Icon }) => (
          <li key={key}>
            <button
              type="button"
              className="example"
              disabled={blockedReason !== null}
              onClick={() => void send(t(key))}
            >
              <Icon aria-hidden="true" size={18} strokeWidth={1.75} />
              <span>{t(key)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
