import { GitBranch } from "lucide-react";
import { useAppStore } from "../../store/react.tsx";
import { IconButton } from "../controls/icon-button.tsx";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";

/** Starts a new conversation with the visible history up to and including this message. */
export function ForkButton({ messageId }: { messageId: string }) {
  const t = useT();
  const { branches, navigation } = useServices();
  const sessionId = useAppStore((s) => s.activeId);
  if (!sessionId) return null;
  return (
    <IconButton
      label={t("fork")}
      icon={GitBranch}
      onClick={() =>
        void branches.fork(sessionId, messageId).then((id) => {
          if (id) navigation.navigateTo(id);
        })
      }
    />
  );
}
