/**
 * What an import of one conversation could not keep as the other app showed it, in the order the
 * dialog lists them. A code, never a sentence: the UI says each in the reader's language.
 */
export const IMPORT_NOTE_CODES = [
  "versions",
  "shown-version-unknown",
  "tree-parent-missing",
  "tree-loop-cut",
  "tree-id-repeated",
  "thinking-left-out",
  "system-kept",
  "attachment-text-quoted",
  "file-named-only",
  "images-not-in-export",
  "attachment-mismatch",
  "attachment-missing",
  "attachment-left-out",
  "code-fenced",
  "blocks-left-out",
  "tool-call-as-text",
  "tool-result-as-text",
  "citations-linked",
  "times-without-zone",
] as const;

export type ImportNoteCode = (typeof IMPORT_NOTE_CODES)[number];

/** `count` things of one kind; `detail` names them where the kind alone does not (block types). */
export interface ImportNote {
  code: ImportNoteCode;
  count: number;
  detail?: string;
}

/** Counts the notes of one conversation while it is read. */
export class ImportNotes {
  private readonly counts = new Map<ImportNoteCode, { count: number; details: Set<string> }>();

  add(code: ImportNoteCode, count = 1, detail?: string): void {
    if (count <= 0) return;
    const entry = this.counts.get(code) ?? { count: 0, details: new Set<string>() };
    entry.count += count;
    if (detail !== undefined) entry.details.add(detail);
    this.counts.set(code, entry);
  }

  /** Adds what another reading counted, as when only some of a tree's messages are kept. */
  merge(other: ImportNotes): void {
    for (const [code, entry] of other.counts) {
      const own = this.counts.get(code) ?? { count: 0, details: new Set<string>() };
      own.count += entry.count;
      for (const detail of entry.details) own.details.add(detail);
      this.counts.set(code, own);
    }
  }

  list(): ImportNote[] {
    return IMPORT_NOTE_CODES.flatMap((code) => {
      const entry = this.counts.get(code);
      if (!entry) return [];
      const detail = [...entry.details].join(", ");
      return [detail === "" ? { code, count: entry.count } : { code, count: entry.count, detail }];
    });
  }
}
