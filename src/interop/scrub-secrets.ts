import type { JsonObject, JsonValue } from "../core/json.ts";
import { MAX_JSON_DEPTH } from "../core/json-value.ts";
import type { ImportIssue } from "./import-issue.ts";

const SECRET_ENDING =
  /(^|_)(api_?key|access_?key|private_?key|secret_?key|secret|client_?secret|password|passwd|passphrase|token|auth|authorization|bearer|credentials?|access_?code|cookie)$/;

const CREDENTIAL_VALUE =
  /^\s*(?:[Bb]earer\s+\S{8,}|sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})\s*$/;

/** `githubToken`, `GITHUB-TOKEN`, `github.token` → `github_token`. */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();
}

/**
 * True when a key names a credential: it ends, in camelCase, snake_case or kebab-case, with
 * api key, token, secret, password, authorization, credentials and the like (`openaiApiKey`,
 * `github_token`, `client-secret`). `max_tokens` and `tokenCount` are not credentials.
 */
export function isSecretKey(key: string): boolean {
  return SECRET_ENDING.test(words(key));
}

/** True for a string that is itself a credential: `Bearer …`, `sk-…`, GitHub, Slack, AWS, Google keys. */
export function isSecretValue(value: string): boolean {
  return value.length < 10_000 && CREDENTIAL_VALUE.test(value);
}

export interface Scrubbed {
  object: JsonObject;
  /** Where a credential was left out, relative to the object (`github.token`, `keys[1]`). */
  removed: string[];
}

const child = (path: string, key: string | number) =>
  typeof key === "number"
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? path === ""
        ? key
        : `${path}.${key}`
      : `${path}[${JSON.stringify(key)}]`;

function scrubValue(value: JsonValue, path: string, depth: number, removed: string[]): JsonValue {
  if (typeof value === "string" || value === null || typeof value !== "object") return value;
  if (depth >= MAX_JSON_DEPTH) {
    removed.push(path);
    return Array.isArray(value) ? [] : {};
  }
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    value.forEach((item, index) => {
      const at = child(path, index);
      if (typeof item === "string" && isSecretValue(item)) removed.push(at);
      else out.push(scrubValue(item, at, depth + 1, removed));
    });
    return out;
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    const at = child(path, key);
    if (isSecretKey(key) || (typeof item === "string" && isSecretValue(item))) removed.push(at);
    else
      Object.defineProperty(out, key, {
        value: scrubValue(item, at, depth + 1, removed),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

/**
 * The object without credentials at any depth (to the codec's 64 levels): keys that name one
 * and strings that are one are left out, and `removed` says where. The object is returned
 * unchanged (the same reference) when nothing was removed.
 */
export function scrubSecrets(object: JsonObject): Scrubbed {
  const removed: string[] = [];
  const scrubbed = scrubValue(object, "", 0, removed) as JsonObject;
  return { object: removed.length === 0 ? object : scrubbed, removed };
}

/** One import warning per credential left out, with its path under `at`. */
export function credentialWarnings(at: string, removed: readonly string[]): ImportIssue[] {
  return removed.map((path) => ({
    path: path.startsWith("[") ? `${at}${path}` : `${at}.${path}`,
    code: "credential-removed" as const,
  }));
}
