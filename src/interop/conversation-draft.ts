import type { Attachment } from "../core/attachments/attachment.ts";
import { LIMITS } from "../core/codec/limits.ts";
import type { JsonObject } from "../core/json.ts";
import type { Message, MessageStatus, Reasoning, Role, ToolCall } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { cleanTitle, deriveTitle } from "../core/title.ts";
import { path } from "../core/tree.ts";
import { cleanImportTitle } from "./clean-import-title.ts";
import type { ImportIssue } from "./import-issue.ts";
import type { ImportNote } from "./import-note.ts";
import type { ImportProblem } from "./import-problem.ts";
import { credentialWarnings, scrubSecrets } from "./scrub-secrets.ts";
import { stableHash, stableSessionId } from "./stable-hash.ts";

/** A message read from another app, before it becomes a Parley message. */
export interface DraftMessage {
  /** Where the message is in the file, e.g. `$[0].mapping["abc"].message`. */
  path: string;
  /**
   * Its id in the conversation's tree, when the other app keeps one; unique within the draft.
   * Without ids the messages follow each other.
   */
  id?: string;
  /** The message this one follows, an id of an earlier message of the draft; absent: a root. */
  parentId?: string | undefined;
  sourceId?: string;
  role: Role;
  content: string;
  createdAt?: string | undefined;
  toolCalls?: ToolCall[];
  toolCallId?: string;
  model?: string | undefined;
  status?: MessageStatus;
  isError?: boolean;
  /** Files the other app gives as their text only; they become text attachments of the message. */
  textFiles?: { name: string; text: string }[];
  /** For answers: what the model thought before it, as the other app kept it. */
  reasoning?: Reasoning;
}

/** A conversation read from another app. */
export interface DraftConversation {
  path: string;
  /** The id the other app gave it; with the format it derives the Parley id. */
  sourceId: string;
  title: string;
  createdAt?: string | undefined;
  updatedAt?: string | undefined;
  /** Every version, a parent before its children. */
  messages: DraftMessage[];
  /** The `id` of the message the other app showed last; absent: the last message. */
  leafId?: string | undefined;
  metadata?: JsonObject;
  /** What the reading could not keep as the other app showed it. */
  notes?: ImportNote[];
}

/** A conversation that could not be imported, and why. */
export type ConversionFailure = ImportIssue & { title: string };

export type BuildResult =
  | { ok: true; session: Session; warnings: ImportIssue[] }
  | { ok: false; failure: ConversionFailure };

function fail(draft: DraftConversation, path: string, problem: ImportProblem): BuildResult {
  return { ok: false, failure: { ...problem, path, title: cleanImportTitle(draft.title) } };
}

/**
 * Turns a draft into a session: an id derived from the format and the source id (so the same
 * conversation imported twice is recognised), times filled in from neighbours, source message
 * ids kept when they fit, the title cleaned or derived from the first user message.
 */
/** Stands in for the SHA-256 of a text file's bytes until `checkAttachments` computes it. */
export const PENDING_HASH = "0".repeat(64);

function textAttachment(file: { name: string; text: string }): Attachment {
  return {
    hash: PENDING_HASH,
    name: file.name.slice(0, LIMITS.fileName) || "file.txt",
    mime: "text/plain",
    size: new TextEncoder().encode(file.text).length,
    kind: "text",
    text: file.text,
  };
}

export function buildSession(draft: DraftConversation, format: string, now: string): BuildResult {
  const warnings: ImportIssue[] = [];
  const id = stableSessionId(`${format}:${draft.sourceId}`);
  const firstTime = draft.messages.find((m) => m.createdAt)?.createdAt;
  const createdAt = draft.createdAt ?? firstTime ?? now;
  const seen = new Set<string>();
  let previousTime = createdAt;
  const messages: Message[] = [];
  const byDraftId = new Map<string, string>();
  for (const [index, draftMessage] of draft.messages.entries()) {
    if (draftMessage.content.length > LIMITS.content)
      return fail(draft, draftMessage.path, {
        code: "message-too-long",
        length: draftMessage.content.length,
        max: LIMITS.content,
      });
    const source = draftMessage.sourceId;
    const keep =
      source !== undefined &&
      source.length > 0 &&
      source.length <= LIMITS.messageId &&
      !seen.has(source);
    const messageId = keep ? source : stableHash(`${id}:${index}`).slice(0, 12);
    seen.add(messageId);
    const createdAtMessage = draftMessage.createdAt ?? previousTime;
    previousTime = createdAtMessage;
    const message: Message = {
      id: messageId,
      role: draftMessage.role,
      content: draftMessage.content,
      createdAt: createdAtMessage,
    };
    if (draftMessage.toolCalls && draftMessage.toolCalls.length > 0)
      message.toolCalls = draftMessage.toolCalls.slice(0, LIMITS.toolCalls);
    if (draftMessage.toolCallId) message.toolCallId = draftMessage.toolCallId;
    if (draftMessage.model) message.model = draftMessage.model.slice(0, LIMITS.name);
    if (draftMessage.status) message.status = draftMessage.status;
    if (draftMessage.isError) message.isError = true;
    if (draftMessage.textFiles && draftMessage.textFiles.length > 0)
      message.attachments = draftMessage.textFiles.slice(0, LIMITS.attachments).map(textAttachment);
    if (draftMessage.reasoning?.text && draftMessage.role === "assistant")
      message.reasoning = importedReasoning(draftMessage.reasoning);
    if (draftMessage.id !== undefined) {
      const stated = draftMessage.parentId;
      const parent = (stated === undefined ? undefined : byDraftId.get(stated)) ?? null;
      if (parent !== (messages.at(-1)?.id ?? null)) message.parentId = parent;
      byDraftId.set(draftMessage.id, messageId);
    }
    messages.push(message);
  }
  const cleaned = cleanImportTitle(draft.title);
  if (cleaned !== cleanTitle(draft.title))
    warnings.push({
      path: `${draft.path}.title`,
      code: "title-cleaned",
    });
  const leaf = draft.leafId === undefined ? undefined : byDraftId.get(draft.leafId);
  const shown = leaf === undefined || leaf === messages.at(-1)?.id ? {} : { leafId: leaf };
  const firstUser = path({ messages, ...shown }).find((m) => m.role === "user")?.content ?? "";
  // Neither a title nor a question: the title stays empty, and the UI words it ("Untitled
  // conversation") in the reader's language.
  const title = cleaned || cleanImportTitle(deriveTitle(firstUser));
  const metadata = scrubSecrets(draft.metadata ?? {});
  warnings.push(...credentialWarnings(`${draft.path}.metadata`, metadata.removed));
  const lastTime = messages.reduce<string | undefined>(
    (latest, m) => (latest === undefined || m.createdAt > latest ? m.createdAt : latest),
    undefined,
  );
  const updatedAt = draft.updatedAt ?? (lastTime && lastTime > createdAt ? lastTime : createdAt);
  return {
    ok: true,
    warnings,
    session: {
      id,
      createdAt,
      updatedAt,
      title,
      metadata: { imported_from: format, source_id: draft.sourceId, ...metadata.object },
      state: {},
      messages,
      revision: 0,
      ...shown,
    },
  };
}

/** Reasoning cut to what the codec keeps; a duration that is no time is left out. */
function importedReasoning({ text, durationMs }: Reasoning): Reasoning {
  const kept = text.slice(0, LIMITS.content);
  return durationMs !== undefined && Number.isFinite(durationMs) && durationMs >= 0
    ? { text: kept, durationMs: Math.round(durationMs) }
    : { text: kept };
}
