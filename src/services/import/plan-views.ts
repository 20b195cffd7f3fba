import type { ImportPlan } from "../../interop/import-plan.ts";
import type { OtherFile } from "../../interop/sort-import-files.ts";

/**
 * The plan of files that could not be read at all: each refused, nothing to import, because the
 * reader broke or sent a message the page could not check.
 */
export function refusedPlan(
  files: readonly File[],
  code: "import-could-not-run" | "import-message-invalid" = "import-could-not-run",
): ImportPlan {
  return {
    files: [],
    items: [],
    warnings: [],
    failures: files.map((f) => ({
      fileName: f.name,
      title: "",
      path: "$",
      code,
    })),
  };
}

/** The plan with the files left out before reading listed after those read. */
export function withOthers(plan: ImportPlan, others: readonly OtherFile[]): ImportPlan {
  const files = others.map((o) => ({
    fileName: o.name,
    format: null,
    conversations: 0,
    notAnExport: o.kind,
  }));
  return { ...plan, files: [...plan.files, ...files] };
}
