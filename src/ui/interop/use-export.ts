import { version } from "../../../package.json";
import { type ExportScope, exportFileName } from "../../interop/export-file-name.ts";
import { serializeExport } from "../../interop/native-format.ts";
import { useAppStore } from "../../store/react.tsx";
import { downloadText } from "./download.ts";

const APP = { name: "Parley", version };

/** Exports sessions by id as one Parley file; resolves to an error message, or null when it worked. */
export function useExport(): (
  ids: readonly string[],
  scope: ExportScope,
) => Promise<string | null> {
  const readSessions = useAppStore((s) => s.readSessions);
  return async (ids, scope) => {
    try {
      const sessions = await readSessions(ids);
      const exportedAt = new Date().toISOString();
      downloadText(exportFileName(scope, exportedAt), serializeExport(sessions, exportedAt, APP));
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
}
