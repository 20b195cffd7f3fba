import { useAppStore } from "../../store/react.tsx";
import { useStorageT } from "./storage-strings.ts";

/** Why this tab may not send in the session now: another tab is generating in it; else null. */
export function useRemoteRunBlock(sessionId: string | null): string | null {
  const t = useStorageT();
  const elsewhere = useAppStore((s) => (sessionId ? Boolean(s.remoteRuns[sessionId]) : false));
  return elsewhere ? t("answeringElsewhere") : null;
}
