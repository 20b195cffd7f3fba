import type { ImportFailure } from "../../services/import/import-write.ts";
import type { AppState } from "../../store/app-state.ts";
import type { Translate } from "../i18n/use-t.ts";

/** What a storage fault means, in the user's language (the banner's words for it). */
export function faultWords(t: Translate, fault: NonNullable<AppState["storageFault"]>): string {
  switch (fault.kind) {
    case "failed":
      return t("storage.failed", { message: fault.error });
    case "damaged":
      return t("storage.damaged");
    default:
      return t(`storage.${fault.kind}`);
  }
}

/** Why nothing of an import was written, in the user's language. */
export function importFailureWords(t: Translate, failure: ImportFailure): string {
  switch (failure.code) {
    case "not_imported":
      return t("interop.notImported", { reason: faultWords(t, failure.fault) });
    case "files_closed":
      return t("interop.notImported", { reason: t("interop.filesClosed") });
    case "conversations_gone":
      return t("interop.notImported", { reason: t("interop.conversationsGone") });
    case "worker_message_invalid":
      return t("interop.notImported", { reason: t("interop.messageInvalid") });
    case "import_failed":
      return t("interop.notImported", { reason: t("interop.importBroke") });
  }
}
