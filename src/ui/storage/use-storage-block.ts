import { useAppStore } from "../../store/react.tsx";
import { useStorageT } from "./storage-strings.ts";

/**
 * Why this tab may not send in the session now, or null: another tab is generating in it, or
 * its messages are still being read (a message sent then would have no history to go with it).
 * The composer passes `whileReading: false`: it keeps a message sent meanwhile and sends it
 * once the conversation is read.
 */
export function useStorageBlock(sessionId: string | null, whileReading = true): string | null {
  const t = useStorageT();
  const elsewhere = useAppStore((s) => (sessionId ? Boolean(s.remoteRuns[sessionId]) : false));
  const reading = useAppStore((s) => (sessionId ? !s.bodies[sessionId] : false));
  if (elsewhere) return t("answeringElsewhere");
  return reading && whileReading ? t("reading") : null;
}
