import * as z from "zod/mini";
import { failed, ok, type Result } from "./result.ts";
import type { WireReasoningEffort } from "./wire.ts";

/** The efforts a conversation or agent may ask for, lowest first (docs/proxy.md, "Parameters"). */
export const REASONING_EFFORTS = [
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
] as const satisfies readonly WireReasoningEffort[];

/** The sampling parameters an agent or a conversation may set; absent: not sent, the model decides. */
export interface SamplingParams {
  /** 0 to 2. */
  temperature?: number;
  /** 0 to 1. */
  topP?: number;
  /** A whole number from 1 to `PARAM_LIMITS.maxTokens.max`. */
  maxTokens?: number;
  reasoningEffort?: WireReasoningEffort;
}

/**
 * One conversation's own settings. Each field absent uses the agent's default; `systemPrompt`
 * takes the place of the agent's instructions (an empty one sends no system prompt at all).
 */
export interface ConversationSettings extends SamplingParams {
  systemPrompt?: string;
  /** What a request does when the conversation is too long for the model (absent: `leave_out`). */
  overflow?: Overflow;
}

/**
 * When the visible path does not fit the model's window: `leave_out` sends only the newest turns,
 * `summarize` sends a summary of the older ones in their place (a message of its own).
 */
export const OVERFLOWS = ["leave_out", "summarize"] as const;
export type Overflow = (typeof OVERFLOWS)[number];

/** The ranges every reader of stored, imported or typed parameters checks. */
export const PARAM_LIMITS = {
  temperature: { min: 0, max: 2 },
  topP: { min: 0, max: 1 },
  maxTokens: { min: 1, max: 1_000_000 },
  /** Characters of a conversation's system prompt. */
  systemPrompt: 100_000,
} as const;

/** Settings in which a field may also be `undefined`, as forms build them. */
export type SettingsDraft = {
  [K in keyof ConversationSettings]?: ConversationSettings[K] | undefined;
};

const FIELDS = [
  "systemPrompt",
  "temperature",
  "topP",
  "maxTokens",
  "reasoningEffort",
  "overflow",
] as const;

/** The settings without absent fields; `undefined` when nothing is set, so a session carries none. */
export function compactSettings(
  settings: SettingsDraft | undefined,
): ConversationSettings | undefined {
  if (!settings) return undefined;
  const out: ConversationSettings = {};
  for (const field of FIELDS) {
    const value = settings[field];
    if (value !== undefined) Object.assign(out, { [field]: value });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** True when both hold the same values (absent and `undefined` alike). */
export function sameSettings(a: SettingsDraft | undefined, b: SettingsDraft | undefined): boolean {
  return FIELDS.every((field) => a?.[field] === b?.[field]);
}

/** The sampling parameters in memory, each optional; agents are stored with these fields. */
export const samplingShape = {
  temperature: z.optional(
    z.number().check(z.gte(PARAM_LIMITS.temperature.min), z.lte(PARAM_LIMITS.temperature.max)),
  ),
  topP: z.optional(z.number().check(z.gte(PARAM_LIMITS.topP.min), z.lte(PARAM_LIMITS.topP.max))),
  maxTokens: z.optional(
    z.int().check(z.gte(PARAM_LIMITS.maxTokens.min), z.lte(PARAM_LIMITS.maxTokens.max)),
  ),
  reasoningEffort: z.optional(z.enum(REASONING_EFFORTS)),
};

/** Settings in memory, as the dialog hands them over; checked before they are kept. */
const settingsSchema = z.object({
  systemPrompt: z.optional(z.string().check(z.maxLength(PARAM_LIMITS.systemPrompt))),
  ...samplingShape,
  overflow: z.optional(z.enum(OVERFLOWS)),
});

export type SettingField = (typeof FIELDS)[number];

/** The settings, compacted, or the first field out of its range (`setting_invalid`); also checks an agent's defaults. */
export function checkSettings(
  settings: SettingsDraft,
): Result<ConversationSettings | undefined, { code: "setting_invalid"; field: SettingField }> {
  const parsed = settingsSchema.safeParse(settings);
  if (parsed.success) return ok(compactSettings(settings));
  const field = FIELDS.find((f) => f === parsed.error.issues[0]?.path[0]) ?? "systemPrompt";
  return failed({ code: "setting_invalid", field });
}

/** The parameters an agent sends: the ones it sets, none when it sets none. */
export function samplingOf(agent: SamplingParams): SamplingParams | undefined {
  const { temperature, topP, maxTokens, reasoningEffort } = agent;
  return compactSettings({ temperature, topP, maxTokens, reasoningEffort });
}
