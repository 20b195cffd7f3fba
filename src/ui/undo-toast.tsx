import { useEffect } from "react";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { navigateTo } from "./navigation.ts";

const UNDO_MS = 10_000;

export function UndoToast() {
  const t = useT();
  const lastDeleted = useAppStore((s) => s.lastDeleted);
  const undoDelete = useAppStore((s) => s.undoDelete);
  const dismissUndo = useAppStore((s) => s.dismissUndo);

  useEffect(() => {
    if (!lastDeleted) return;
    const timer = setTimeout(dismissUndo, UNDO_MS);
    return () => clearTimeout(timer);
  }, [lastDeleted, dismissUndo]);

  if (!lastDeleted) return null;
  return (
    <div className="toast" role="status">
      <span>{t("deleted")}</span>
      <button
        type="button"
        onClick={async () => {
          const id = lastDeleted.id;
          await undoDelete();
          navigateTo(id);
        }}
      >
        {t("undo")}
      </button>
    </div>
  );
}
