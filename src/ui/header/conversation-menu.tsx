import {
  Download,
  EllipsisVertical,
  Info,
  Pencil,
  Pin,
  PinOff,
  SlidersHorizontal,
  Trash2,
} from "lucide-react";
import { useAppStore } from "../../store/react.tsx";
import { ActionMenu } from "../controls/action-menu.tsx";
import { useT } from "../i18n/use-t.ts";
import { useInteropActions } from "../interop/interop-actions.ts";
import { useInteropT } from "../interop/interop-strings.ts";
import { useServices } from "../use-services.tsx";

interface ConversationMenuProps {
  sessionId: string;
  onRename: () => void;
  onDetails: () => void;
  onSettings: () => void;
}

/** `Conversation actions`: pin, rename, settings, export, details and delete of the open conversation. */
export function ConversationMenu({
  sessionId,
  onRename,
  onDetails,
  onSettings,
}: ConversationMenuProps) {
  const t = useT();
  const ti = useInteropT();
  const interop = useInteropActions();
  const pinned = useAppStore((s) => s.summaries[sessionId]?.pinned === true);
  const { edits, trash, navigation } = useServices();
  return (
    <ActionMenu
      label={t("conversationMenu")}
      icon={EllipsisVertical}
      actions={[
        {
          label: pinned ? t("unpin") : t("pin"),
          icon: pinned ? PinOff : Pin,
          onSelect: () => void edits.pin(sessionId, !pinned),
        },
        { label: t("rename"), icon: Pencil, onSelect: onRename },
        { label: t("params.title"), icon: SlidersHorizontal, onSelect: onSettings },
        {
          label: ti("exportChat"),
          icon: Download,
          onSelect: interop.exportChat,
          disabled: !interop.canExportChat,
        },
        { label: t("sessionDetails"), icon: Info, onSelect: onDetails },
        {
          label: t("delete"),
          icon: Trash2,
          danger: true,
          onSelect: async () => {
            await trash.delete(sessionId);
            navigation.navigateTo(null);
          },
        },
      ]}
    />
  );
}
