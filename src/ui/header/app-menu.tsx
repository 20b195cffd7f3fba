import { Bot, Download, FileDown, FileUp, Keyboard, Settings } from "lucide-react";
import { ActionMenu } from "../controls/action-menu.tsx";
import { useT } from "../i18n/use-t.ts";
import { useInteropActions } from "../interop/interop-actions.ts";
import { useInteropT } from "../interop/interop-strings.ts";

export type AppDialog = "settings" | "agents" | "help";

/**
 * `More`: the app-wide actions (export and import, agents, shortcuts, settings). Its icon is a
 * gear, not a second "more" beside the conversation's own menu: the two must not look alike.
 */
export function AppMenu({ open }: { open: (dialog: AppDialog) => void }) {
  const t = useT();
  const ti = useInteropT();
  const interop = useInteropActions();
  return (
    <ActionMenu
      label={t("moreMenu")}
      icon={Settings}
      actions={[
        {
          label: ti("exportAll"),
          icon: Download,
          onSelect: interop.exportAll,
          disabled: !interop.canExportAll,
        },
        {
          label: ti("exportSome"),
          icon: FileDown,
          onSelect: interop.exportSome,
          disabled: !interop.canExportAll,
        },
        { label: ti("importChoose"), icon: FileUp, onSelect: interop.chooseImport },
        { label: t("agentsButton"), icon: Bot, onSelect: () => open("agents") },
        { label: t("help"), icon: Keyboard, onSelect: () => open("help") },
        { label: t("settings"), icon: Settings, onSelect: () => open("settings") },
      ]}
    />
  );
}
