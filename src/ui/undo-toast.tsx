import { useEffect } from "react";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { useServices } from "./use-services.tsx";

const UNDO_MS = 10_000;

export function UndoToast() {
  const t = useT();
  const lastDeleted = useAppStore((s) => s.lastDeleted);
  const { trash, navigation } = useServices();

  useEffect(() => {
    if (!lastDeleted) return;
    const timer = setTimeout(() => trash.dismiss(), UNDO_MS);
    return () => clearTimeout(timer);
  }, [lastDeleted, trash]);

  if (!lastDeleted) return null;
  return (
    <div className="toast" role="status">
      <span>{t("deleted")}</span>
      <button
        type="button"
        onClick={async () => {
          const id = lastDeleted.id;
          await trash.undo();
          navigation.navigateTo(id);
        }}
      >
        {t("undo")}
      </button>
    </div>
  );
}
