import {
  type DiskMessage,
  type DiskSession,
  FORMAT_VERSION,
} from "../../src/core/codec/disk-types.ts";
import { assistantMarkdown, userMarkdown } from "./markdown.ts";
import { createRng, type Rng } from "./rng.ts";

/** The fixed seed of every generated data set; change it and every figure changes. */
export const BENCH_SEED = 20261129;

const EPOCH_MS = Date.UTC(2026, 0, 1);

/** One group of generated sessions: `count` sessions of `messages` messages each. */
export interface SessionGroup {
  /** A word that names the group in titles and seeds its generator. */
  tag: string;
  count: number;
  messages: number;
  /** Hours after the data's epoch when the group's first session starts (later is listed higher). */
  startHour?: number;
  /**
   * Versions beside the visible path (`messages` long): every `every`-th message has `versions`
   * versions in all, each older one with `later` turns below it, as Edit leaves them.
   */
  branches?: { every: number; versions: number; later: number };
}

/** All the messages a group's session holds: the visible path and the other versions. */
export function storedMessages(group: SessionGroup): number {
  const b = group.branches;
  if (!b) return group.messages;
  const branching = Math.floor((group.messages - 1) / b.every);
  return group.messages + branching * (b.versions - 1) * (1 + b.later);
}

/** The title of session `index` of a group: unique, searchable, and stable across runs. */
export function sessionTitle(tag: string, index: number): string {
  return `${tag} ${String(index + 1).padStart(4, "0")}`;
}

/** Text planted in the first and the last message of every session, to see them on screen. */
export function firstMarker(sessionId: string): string {
  return `first-${sessionId}`;
}
export function lastMarker(sessionId: string): string {
  return `last-${sessionId}`;
}

function tagSeed(tag: string): number {
  let hash = BENCH_SEED;
  for (const ch of tag) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

function message(
  rng: Rng,
  index: number,
  count: number,
  sessionId: string,
  at: number,
): DiskMessage {
  const createdAt = new Date(at).toISOString();
  const role = index % 2 === 0 ? "user" : "assistant";
  let content = role === "user" ? userMarkdown(rng) : assistantMarkdown(rng);
  if (index === 0) content = `${content}\n\n${firstMarker(sessionId)}`;
  if (index === count - 1) content = `${content}\n\n${lastMarker(sessionId)}`;
  if (role === "user") return { id: rng.hex(12), role, content, created_at: createdAt };
  const completion = Math.ceil(content.length / 4);
  return {
    id: rng.hex(12),
    role,
    content,
    created_at: createdAt,
    agent: "Assistant",
    model: "demo",
    usage: {
      prompt_tokens: 40 * index,
      completion_tokens: completion,
      total_tokens: 40 * index + completion,
    },
    timing: { first_token_ms: rng.int(150, 900), total_ms: rng.int(1000, 20000) },
    status: "complete",
  };
}

/** `message` as the first of a version: `parent_id` right after its id, as the format writes it. */
function below(parent: string, message: DiskMessage): DiskMessage {
  const { id, ...rest } = message;
  return { id, parent_id: parent, ...rest };
}

/** Session `index` of a group, in the snapshot (disk) format; the same arguments give the same bytes. */
export function generateSession(group: SessionGroup, index: number): DiskSession {
  const rng = createRng(tagSeed(group.tag) + index * 7919);
  const sessionId = rng.hex(12);
  let at = EPOCH_MS + ((group.startHour ?? 0) + index) * 3_600_000;
  const createdAt = new Date(at).toISOString();
  const messages: DiskMessage[] = [];
  const branches = group.branches;
  for (let i = 0; i < group.messages; i++) {
    at += rng.int(2_000, 90_000);
    const next = message(rng, i, group.messages, sessionId, at);
    const parent = messages.at(-1)?.id;
    // The older versions come first, each with its later turns, then the shown one: the list's
    // order is the order they were added, and the shown version is below the last added parent.
    if (branches && parent && i % branches.every === 0) {
      for (let v = 1; v < branches.versions; v++)
        for (let k = 0; k <= branches.later; k++) {
          const older = message(rng, i + k, Number.POSITIVE_INFINITY, sessionId, at);
          messages.push(k === 0 ? below(parent, older) : older);
        }
      messages.push(below(parent, next));
    } else messages.push(next);
  }
  return {
    format_version: branches ? FORMAT_VERSION : 1,
    session_id: sessionId,
    created_at: createdAt,
    updated_at: new Date(at).toISOString(),
    title: sessionTitle(group.tag, index),
    metadata: {},
    state: {},
    revision: 1,
    messages,
  };
}

/** The id of session `index` without generating its messages. */
export function sessionIdOf(group: SessionGroup, index: number): string {
  return createRng(tagSeed(group.tag) + index * 7919).hex(12);
}
