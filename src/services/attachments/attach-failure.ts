import type { StorageFault } from "../../persistence/repository.ts";

/** Why a file was not attached (codes; the UI has the words, which say what is accepted). */
export type AttachFailure =
  | { code: "too_many_files"; name: string; max: number }
  | { code: "file_too_large"; name: string; size: number; max: number }
  | { code: "type_unsupported"; name: string }
  | { code: "svg_refused"; name: string }
  | { code: "not_utf8"; name: string }
  | { code: "image_unreadable"; name: string }
  | { code: "pdf_unreadable"; name: string }
  | { code: "not_stored"; name: string; fault: StorageFault };
