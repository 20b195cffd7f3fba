import { z } from "zod";

const positiveInt = z.number().int().min(0);

/** A provider's `modelInfo`: by model name, `"*"` or `"prefix*"`, what the model can do. */
export const modelInfoSchema = z.record(
  z.string().min(1),
  z.strictObject({
    vision: z.boolean().optional(),
    reasoning: z.boolean().optional(),
    contextWindow: z.number().int().min(1).optional(),
    maxOutputTokens: z.number().int().min(1).optional(),
  }),
);

const provider = z.strictObject({
  id: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/u,
      "must be letters, digits, '.', '_' or '-' (it prefixes model ids)",
    ),
  kind: z.enum(["openai", "anthropic", "demo"]),
  baseUrl: z.url({ protocol: /^https?$/u, error: "must be an http:// or https:// URL" }).optional(),
  apiKeyEnv: z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/u,
      "must be the name of an environment variable, not the key itself",
    )
    .optional(),
  models: z.union([z.literal("discover"), z.array(z.string().min(1)).min(1)]).optional(),
  defaults: z.record(z.string(), z.unknown()).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  streamUsage: z.boolean().optional(),
  modelInfo: modelInfoSchema.optional(),
});

/** The proxy's limits, however they are set (the file, or the environment's PARLEY_… variables). */
export const limitsSchema = z.strictObject({
  bodyBytes: positiveInt.min(1024).max(256 * 1024 * 1024),
  ratePerMinute: positiveInt,
  rateBurst: positiveInt.min(1),
  maxStreams: positiveInt.min(1),
  connectTimeoutMs: positiveInt.min(1),
  idleTimeoutMs: positiveInt.min(1),
  maxAnswerMs: positiveInt.min(1),
  maxRetries: positiveInt.max(10),
  maxRetryDelayMs: positiveInt,
  discoveryTtlMs: positiveInt,
});

/** The `PARLEY_CONFIG` file. Unknown fields are errors, so a typo is reported instead of ignored. */
export const configFile = z.strictObject({
  providers: z.array(provider).min(1),
  corsOrigins: z
    .array(z.url({ error: "must be an origin such as https://chat.example.com" }))
    .optional(),
  allowedHosts: z
    .union([
      z.literal("any"),
      z.array(
        z.string().regex(/^\.?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/iu, {
          error: 'must be a host name such as chat.example.com, or ".example.com" for a domain',
        }),
      ),
    ])
    .optional(),
  trustProxy: z.boolean().optional(),
  demoDelayMs: positiveInt.optional(),
  limits: limitsSchema.partial().optional(),
});

export type ConfigFile = z.infer<typeof configFile>;

export function pathOf(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const key of path)
    out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out;
}

/** Validates a parsed config file; the message names the first wrong field. */
export function parseConfigFile(
  value: unknown,
): { ok: true; file: ConfigFile } | { ok: false; message: string } {
  const result = configFile.safeParse(value);
  if (result.success) return { ok: true, file: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { ok: false, message: "is not a valid configuration" };
  if (issue.code === "unrecognized_keys") {
    const where = pathOf(issue.path);
    return {
      ok: false,
      message: `${where ? `${where}: ` : ""}unknown field ${issue.keys.map((k) => `"${k}"`).join(", ")}`,
    };
  }
  return { ok: false, message: `${pathOf(issue.path) || "the file"}: ${issue.message}` };
}
