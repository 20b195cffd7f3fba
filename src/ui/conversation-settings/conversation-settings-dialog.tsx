import { useTakesReasoning } from "../../net/models-query.ts";
import { modelFor, resolvePipeline } from "../../services/runs/pipeline.ts";
import { useAppStore } from "../../store/react.tsx";
import { agentDisplayName } from "../agents/agent-words.ts";
import { useT } from "../i18n/use-t.ts";
import { ModalDialog } from "../modal-dialog.tsx";
import { useServices } from "../use-services.tsx";
import { ConversationSettingsForm, type SaveOutcome } from "./conversation-settings-form.tsx";

interface ConversationSettingsDialogProps {
  sessionId: string;
  open: boolean;
  onClose: () => void;
}

/** `Conversation settings`: the open conversation's system prompt and parameters. */
export function ConversationSettingsDialog({
  sessionId,
  open,
  onClose,
}: ConversationSettingsDialogProps) {
  const t = useT();
  const { edits, proxy } = useServices();
  const settings = useAppStore((s) => s.bodies[sessionId]?.settings);
  const pipeline = useAppStore((s) => s.bodies[sessionId]?.metadata.pipeline);
  const agents = useAppStore((s) => s.agents);
  const defaultAgent = useAppStore((s) => s.settings.agent);
  const picked = useAppStore((s) => s.settings.model);
  const agent = resolvePipeline(pipeline, agents, defaultAgent)[0];
  const reasoning = useTakesReasoning(proxy, agent ? modelFor(agent, picked) : picked || "demo");

  const save = async (next: Parameters<typeof edits.configure>[1]): Promise<SaveOutcome> => {
    const result = await edits.configure(sessionId, next);
    if (result.ok) {
      onClose();
      return { ok: true };
    }
    return result.error.code === "session_gone"
      ? { ok: false, gone: true }
      : { ok: false, field: result.error.field };
  };

  return (
    <ModalDialog open={open} onClose={onClose} title={t("params.title")} className="settings">
      <ConversationSettingsForm
        settings={settings}
        agent={agent}
        agentName={agent ? agentDisplayName(agent.name, t) : ""}
        reasoning={reasoning}
        onSave={save}
        onCancel={onClose}
      />
    </ModalDialog>
  );
}
