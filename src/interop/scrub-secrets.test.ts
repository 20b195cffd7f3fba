import { describe, expect, it } from "vitest";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { buildSampleSession, bytesOf } from "../test/interop-sessions.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";
import { isSecretKey, isSecretValue, scrubSecrets } from "./scrub-secrets.ts";

const now = "2026-11-29T12:00:00.000Z";
const app = { name: "Parley", version: "0.1.0" };

describe("credential keys and values", () => {
  it("names credentials in camelCase, snake_case and kebab-case, at the end of the key", () => {
    for (const key of [
      "token",
      "openaiApiKey",
      "OPENAI_API_KEY",
      "api-key",
      "apikey",
      "githubToken",
      "refresh_token",
      "client-secret",
      "clientSecret",
      "password",
      "dbPassword",
      "Authorization",
      "bearer",
      "credentials",
      "accessCode",
      "awsAccessKey",
      "private_key",
    ])
      expect(isSecretKey(key), key).toBe(true);
  });

  it("leaves ordinary keys alone", () => {
    for (const key of [
      "name",
      "max_tokens",
      "tokenCount",
      "prompt_tokens",
      "author",
      "oauthProvider",
      "sortKey",
      "keys",
      "secretary",
      "passwordHint",
    ])
      expect(isSecretKey(key), key).toBe(false);
  });

  it("recognises strings that are credentials themselves", () => {
    expect(isSecretValue("sk-proj-abcdefghijklmnop1234")).toBe(true);
    expect(isSecretValue("Bearer eyJhbGciOiJIUzI1NiJ9.x.y")).toBe(true);
    expect(isSecretValue(`ghp_${"a".repeat(36)}`)).toBe(true);
    expect(isSecretValue("AKIAABCDEFGHIJKLMNOP")).toBe(true);
    expect(isSecretValue("sk-short")).toBe(false);
    expect(isSecretValue("Ask the bearer of the letter")).toBe(false);
    expect(isSecretValue("the key is sk-abcdefghijklmnopqrst in the text")).toBe(false);
  });
});

describe("scrubSecrets", () => {
  it("removes credentials at every depth and says where", () => {
    const object: JsonObject = {
      github: { token: "ghs", repo: "parley" },
      openaiApiKey: "x",
      nested: [{ deep: { "client-secret": "s", keep: 1 } }, "sk-abcdefghijklmnopqrstu", "fine"],
      header: "Bearer abcdefghijkl",
      "odd key": { password: "p" },
      max_tokens: 100,
    };
    const { object: kept, removed } = scrubSecrets(object);
    expect(kept).toEqual({
      github: { repo: "parley" },
      nested: [{ deep: { keep: 1 } }, "fine"],
      "odd key": {},
      max_tokens: 100,
    });
    expect(removed).toEqual([
      "github.token",
      "openaiApiKey",
      'nested[0].deep["client-secret"]',
      "nested[1]",
      "header",
      '["odd key"].password',
    ]);
  });

  it("returns the same object when there is nothing to remove", () => {
    const object: JsonObject = { a: { b: [1, "two"] } };
    expect(scrubSecrets(object).object).toBe(object);
  });

  it("stops at the codec's 64 levels: deeper values are left out, not walked", () => {
    let deep: JsonValue = { token: "t" };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    const { object, removed } = scrubSecrets({ deep } as JsonObject);
    expect(JSON.stringify(object)).not.toContain('"t"');
    expect(removed).toHaveLength(1);
    expect(removed[0]?.split(".")).toHaveLength(64);
  });
});

describe("exports and imports leave credentials out", () => {
  const session = buildSampleSession({
    metadata: { pinned: true, integrations: { slack: { botToken: "xoxb-1234567890-abc" } } },
    state: { github: { token: "gh-secret-1" }, openaiApiKey: "key-2", name: "Li Ming" },
  });

  it("writes none into the file and counts them in credentials_removed", () => {
    const text = serializeExport([session], now, app);
    for (const secret of ["xoxb-1234567890-abc", "gh-secret-1", "key-2"])
      expect(text).not.toContain(secret);
    const document = JSON.parse(text);
    expect(document.credentials_removed).toBe(3);
    expect(document.sessions[0].state).toEqual({ github: {}, name: "Li Ming" });
    expect(document.sessions[0].metadata).toEqual({ pinned: true, integrations: { slack: {} } });
    expect(JSON.parse(serializeExport([buildSampleSession()], now, app))).not.toHaveProperty(
      "credentials_removed",
    );
  });

  it("leaves out a credential a file carries, with a warning naming its path", () => {
    const document = JSON.parse(serializeExport([buildSampleSession()], now, app));
    document.sessions[0].state = { github: { token: "gh-secret-1" }, name: "x" };
    const result = readImportFile("backup.json", bytesOf(document), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.sessions[0]?.state).toEqual({ github: {}, name: "x" });
    expect(result.file.warnings).toEqual([
      {
        path: "$.sessions[0].state.github.token",
        code: "credential-removed",
      },
    ]);
  });
});
