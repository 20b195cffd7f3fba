import { useEffect } from "react";
import type { AgentConfig } from "../../core/agent-types.ts";
import { useT } from "../i18n/use-t.ts";

const UNDO_MS = 10_000;

/** A removed or reset agent, as it was, and the name it had in the list. */
export interface RemovedAgent {
  agent: AgentConfig;
  /** Null when the agent was deleted (Undo adds it again); its name when a built-in was reset. */
  previousName: string | null;
}

interface AgentUndoProps {
  removed: RemovedAgent;
  onUndo: () => void;
  onExpire: () => void;
}

/** Says an agent was deleted or reset, with Undo for a few seconds, as for a conversation. */
export function AgentUndo({ removed, onUndo, onExpire }: AgentUndoProps) {
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [onExpire]);
  const name = removed.agent.name;
  return (
    <p className="agent-undo" role="status">
      <span>{t(removed.previousName === null ? "agentDeleted" : "agentResetDone", { name })}</span>{" "}
      <button type="button" onClick={onUndo}>
        {t("undo")}
      </button>
    </p>
  );
}
