import type { WireNote } from "../../src/core/wire.ts";
import type { UpstreamRefusal } from "../upstream/upstream-fetch.ts";

/** A body to send again, and the note that says what was left out (none for the proxy's own fields). */
export interface Resend {
  body: Record<string, unknown>;
  note: WireNote | null;
}

/** What a dialect knows about refusals: the fields it never leaves out, and the browser's names. */
export interface RefusalRules {
  /** The field an error names, if it names one. */
  named(refusal: UpstreamRefusal): string | undefined;
  keep: ReadonlySet<string>;
  /** A field the proxy renames instead of leaving out (`max_tokens` to `max_completion_tokens`). */
  renamed?: Readonly<Record<string, string>>;
  /** Fields the browser knows by another name (`thinking` is its `reasoning_effort`). */
  browserName?: Readonly<Record<string, string>>;
  /** The proxy's own fields, left out without a note. */
  quiet?: ReadonlySet<string>;
}

/**
 * The body without the field an upstream's 400 names, when it is one the proxy sent and may leave
 * out; null otherwise (the error then goes to the browser as it is). The note's `param` is the
 * proxy's own name for the field, never the upstream's text.
 */
export function withoutRefused(
  refusal: UpstreamRefusal,
  body: Record<string, unknown>,
  rules: RefusalRules,
): Resend | null {
  if (refusal.status !== 400 && refusal.status !== 422) return null;
  const key = rules.named(refusal);
  if (key === undefined || !Object.hasOwn(body, key) || rules.keep.has(key)) return null;
  const next = { ...body };
  delete next[key];
  const renamed = rules.renamed?.[key];
  if (renamed !== undefined) {
    next[renamed] = body[key];
    return { body: next, note: null };
  }
  if (rules.quiet?.has(key)) return { body: next, note: null };
  const param = rules.browserName?.[key] ?? key;
  return { body: next, note: { code: "param_dropped", param, reason: "upstream_refused" } };
}
