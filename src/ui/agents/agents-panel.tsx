import { useCallback, useEffect, useState } from "react";
import type { AgentConfig } from "../../core/agent-types.ts";
import { builtinAgents } from "../../core/agents.ts";
import { useModelIds } from "../../net/models-query.ts";
import { isBuiltinName } from "../../services/agents/agent-rules.ts";
import { useAppStore } from "../../store/react.tsx";
import { useSectionT } from "../i18n/use-section-t.ts";
import { ModalDialog } from "../modal-dialog.tsx";
import { useServices } from "../use-services.tsx";
import { AgentForm } from "./agent-form.tsx";
import { AgentUndo, type RemovedAgent } from "./agent-undo.tsx";
import { agentAbout, agentDisplayName } from "./agent-words.ts";

const blank: AgentConfig = { name: "", instructions: "", model: "", tools: [], maxSteps: 4 };

type Editing = { agent: AgentConfig; previousName: string | null } | null;

/** Create, edit and delete agents; built-ins can be edited and reset, never deleted. */
export function AgentsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useSectionT("dialogWords");
  const agents = useAppStore((s) => s.agents);
  const fault = useAppStore((s) => s.agentsFault);
  const services = useServices();
  const { agents: agentsService } = services;
  const models = useModelIds(services.proxy).data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [removed, setRemoved] = useState<RemovedAgent | null>(null);
  const forgetRemoved = useCallback(() => setRemoved(null), []);
  useEffect(() => {
    if (!open) setRemoved(null);
  }, [open]);
  if (!t) return null;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t("agents")}
      closeLabel={t("close")}
      className="agents-panel"
    >
      {fault ? (
        <p role="alert" className="alert">
          {t(fault.code === "load_failed" ? "agentsLoadFailed" : "agentsSaveFailed", {
            reason: fault.detail,
          })}
        </p>
      ) : null}
      {removed ? (
        <AgentUndo
          key={`${removed.agent.name}:${removed.previousName ?? ""}`}
          removed={removed}
          onExpire={forgetRemoved}
          onUndo={() => {
            setRemoved(null);
            void agentsService.save(removed.agent, removed.previousName);
          }}
        />
      ) : null}
      <div className="agents-body">
        <ul className="agent-list" aria-label={t("agentsList")}>
          {agents.map((agent) => {
            const builtin = isBuiltinName(builtinAgents, agent.name);
            return (
              <li key={agent.name}>
                <span className="agent-name">{agentDisplayName(agent.name, t)}</span>
                {agentAbout(agent.name, t) ? (
                  <span className="agent-about">{agentAbout(agent.name, t)}</span>
                ) : null}
                <span className="muted">
                  {agent.model || t("agentModelPicked")} ·{" "}
                  {t("agentStepsShort", { n: agent.maxSteps })}
                  {builtin ? ` · ${t("agentBuiltin")}` : ""}
                </span>
                <span className="agent-actions">
                  <button
                    type="button"
                    aria-label={t("agentEdit", { name: agent.name })}
                    onClick={() => setEditing({ agent, previousName: agent.name })}
                  >
                    {t("edit")}
                  </button>
                  <button
                    type="button"
                    aria-label={
                      builtin
                        ? t("agentReset", { name: agent.name })
                        : t("agentDelete", { name: agent.name })
                    }
                    onClick={() => {
                      setRemoved({ agent, previousName: builtin ? agent.name : null });
                      void agentsService.delete(agent.name);
                      if (editing?.previousName === agent.name) setEditing(null);
                    }}
                  >
                    {builtin ? t("reset") : t("agentRemove")}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
        <div className="agent-editor">
          {editing ? (
            <AgentForm
              key={editing.previousName ?? "new"}
              initial={editing.agent}
              builtin={
                editing.previousName !== null && isBuiltinName(builtinAgents, editing.previousName)
              }
              models={models}
              onCancel={() => setEditing(null)}
              onSave={async (agent) => {
                const problem = await agentsService.save(agent, editing.previousName);
                if (!problem) setEditing(null);
                return problem;
              }}
            />
          ) : (
            <button
              type="button"
              className="primary"
              onClick={() => setEditing({ agent: blank, previousName: null })}
            >
              {t("agentNew")}
            </button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
