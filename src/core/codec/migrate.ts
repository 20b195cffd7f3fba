import type { CodecProblem } from "./codec-problem.ts";
import type { CodecError } from "./disk-types.ts";
import { FORMAT_VERSION } from "./disk-types.ts";

type Migration = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * `MIGRATIONS[n]` turns format n into format n + 1. Add a step here (and bump FORMAT_VERSION)
 * whenever the disk format changes; never change what an old version means.
 */
const MIGRATIONS: Readonly<Record<number, Migration>> = {
  // Format 2 adds the conversation tree; a format 1 list, with no parent ids, is its one path.
  1: (data) => data,
};

export type MigrateResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; error: CodecError };

/** Brings a stored session (or session head) of any known format version up to the current one. */
export function migrate(input: unknown): MigrateResult {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("$", { code: "not-a-session" });
  let data = input as Record<string, unknown>;
  const version = data.format_version;
  if (version === undefined) return fail("$.format_version", { code: "field-missing" });
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    return fail("$.format_version", { code: "version-invalid" });
  if (version > FORMAT_VERSION)
    return fail("$.format_version", { code: "version-newer", version, max: FORMAT_VERSION });
  for (let v = version; v < FORMAT_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) return fail("$.format_version", { code: "version-unknown", version: v });
    data = { ...step(data), format_version: v + 1 };
  }
  return { ok: true, data };
}

function fail(path: string, problem: CodecProblem): MigrateResult {
  return { ok: false, error: { ...problem, path } };
}
