import type { AttachFailure } from "../../services/attachments/attach-failure.ts";
import type { StartKey } from "../i18n/en.ts";
import { formatBytes } from "../settings/storage-usage.tsx";

type T = (key: StartKey, vars?: Record<string, string | number>) => string;

/** Why a file was not attached, in words that say what is accepted. */
export function attachWords(t: T, failure: AttachFailure): string {
  const name = failure.name;
  switch (failure.code) {
    case "too_many_files":
      return t("attach.tooMany", { name, max: failure.max });
    case "file_too_large":
      return t("attach.tooLarge", {
        name,
        size: formatBytes(failure.size),
        max: formatBytes(failure.max),
      });
    case "type_unsupported":
      return t("attach.unsupported", { name });
    case "svg_refused":
      return t("attach.svg", { name });
    case "not_utf8":
      return t("attach.notUtf8", { name });
    case "image_unreadable":
      return t("attach.imageUnreadable", { name });
    case "pdf_unreadable":
      return t("attach.pdfUnreadable", { name });
    case "not_stored":
      return t("attach.notStored", {
        name,
        reason: failure.fault.kind === "quota" ? t("storage.quota") : failure.fault.kind,
      });
  }
}
