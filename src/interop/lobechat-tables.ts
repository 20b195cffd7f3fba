import * as z from "zod";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { asArray, asString, isObject } from "./json-read.ts";

/**
 * LobeChat writes two kinds of export. The older one (`exportType`, `state`) holds the
 * browser's store: sessions with their `meta` and `config`, topics and messages. The database
 * export of LobeChat 1.x (`data`, with `schemaHash` and `mode`) holds the rows of its tables:
 * sessions with their own `title`, agents (the model and system role) joined to them by
 * `agentsToSessions`, topics, messages (times as date strings) and `messagePlugins` (the tool call
 * a tool message answers). Only those tables are read, never `userSettings`, `aiProviders` or
 * `users`, where LobeChat keeps API keys.
 */
export interface LobeTables {
  /** The object that holds `messages`: the path of every message starts there. */
  root: "state" | "data";
  messages: JsonValue[];
  topicTitle(id: string): string | undefined;
  session(id: string): LobeSession | undefined;
  /** The tool call a tool message answers, where the export keeps it beside the message. */
  toolCallOf(messageId: string): string | undefined;
}

export interface LobeSession {
  title?: string | undefined;
  model?: string | undefined;
  systemRole?: string | undefined;
}

export function isLobeChatConfigExport(value: JsonValue): value is JsonObject {
  return isObject(value) && typeof value.exportType === "string" && isObject(value.state);
}

export function isLobeChatDatabaseExport(value: JsonValue): value is JsonObject {
  return (
    isObject(value) &&
    isObject(value.data) &&
    Array.isArray(value.data.messages) &&
    (typeof value.schemaHash === "string" || value.mode === "pglite" || value.mode === "postgres")
  );
}

const idOnly = z.looseObject({ id: z.string() });
const configSession = z.looseObject({
  id: z.string(),
  meta: z.looseObject({ title: z.string().nullish() }).nullish(),
  config: z
    .looseObject({ model: z.string().nullish(), systemRole: z.string().nullish() })
    .nullish(),
});
const titled = z.looseObject({ id: z.string(), title: z.string().nullish() });
const agent = z.looseObject({
  id: z.string(),
  title: z.string().nullish(),
  model: z.string().nullish(),
  systemRole: z.string().nullish(),
});
const link = z.looseObject({ agentId: z.string(), sessionId: z.string() });
const plugin = z.looseObject({ id: z.string(), toolCallId: z.string().nullish() });

/** The rows of `table` that fit `schema`; another row names nothing Parley needs. */
function rows<T>(table: JsonValue | undefined, schema: z.ZodType<T>): T[] {
  const out: T[] = [];
  for (const row of asArray(table) ?? []) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

function byId<T extends z.output<typeof idOnly>>(list: T[]): Map<string, T> {
  return new Map(list.map((row) => [row.id, row]));
}

export function lobeTables(value: JsonValue): LobeTables {
  if (isLobeChatDatabaseExport(value)) {
    const data = value.data as JsonObject;
    const topics = byId(rows(data.topics, titled));
    const sessions = byId(rows(data.sessions, titled));
    const agents = byId(rows(data.agents, agent));
    const agentOf = new Map(rows(data.agentsToSessions, link).map((l) => [l.sessionId, l.agentId]));
    const calls = new Map(rows(data.messagePlugins, plugin).map((p) => [p.id, p.toolCallId]));
    return {
      root: "data",
      messages: asArray(data.messages) ?? [],
      topicTitle: (id) => topics.get(id)?.title ?? undefined,
      session: (id) => {
        const row = sessions.get(id);
        const linked = agents.get(agentOf.get(id) ?? "");
        if (!row && !linked) return undefined;
        return {
          title: row?.title ?? linked?.title ?? undefined,
          model: linked?.model ?? undefined,
          systemRole: linked?.systemRole ?? undefined,
        };
      },
      toolCallOf: (id) => calls.get(id) ?? undefined,
    };
  }
  const state = isObject(value) && isObject(value.state) ? value.state : {};
  const topics = byId(rows(state.topics, titled));
  const sessions = byId(rows(state.sessions, configSession));
  return {
    root: "state",
    messages: asArray(state.messages) ?? [],
    topicTitle: (id) => topics.get(id)?.title ?? undefined,
    session: (id) => {
      const row = sessions.get(id);
      if (!row) return undefined;
      return {
        title: row.meta?.title ?? undefined,
        model: row.config?.model ?? undefined,
        systemRole: row.config?.systemRole ?? undefined,
      };
    },
    toolCallOf: () => undefined,
  };
}

/** A message's own `sessionId`; LobeChat's inbox has none in the database export. */
export function sessionOf(message: JsonValue): string {
  return (isObject(message) ? asString(message.sessionId) : undefined) ?? "inbox";
}
