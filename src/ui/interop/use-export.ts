import type { ExportScope } from "../../interop/export-file-name.ts";
import type { ExportOptions } from "../../interop/export-parts.ts";
import { useAppStoreApi } from "../../store/react.tsx";
import { useServices } from "../use-services.tsx";
import type { ExportOutcome } from "./export-sessions.ts";

/**
 * Exports sessions by id (`export-sessions.ts`, whose writer loads with the first export rather
 * than with the page); a failure, loading the writer included, is the outcome's reason.
 */
export function useExport(): (
  ids: readonly string[],
  scope: ExportScope,
  options?: ExportOptions,
) => Promise<ExportOutcome> {
  const { sessions, attachments } = useServices();
  const store = useAppStoreApi();
  return async (ids, scope, options = { attachmentBytes: true }) => {
    try {
      const { exportSessions } = await import("./export-sessions.ts");
      const summaries = store.getState().summaries;
      return await exportSessions(ids, scope, options, {
        readMany: (batch) => sessions.readMany(batch),
        createdAt: (id) => summaries[id]?.createdAt ?? "",
        blob: (hash) => attachments.blob(hash),
      });
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
}
