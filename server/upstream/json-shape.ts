/** Readers for untrusted JSON from upstreams: each returns the value only when it has the shape. */
export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;

export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A non-empty string, else undefined. */
export const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

export const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
