import { createStore as createKeyval, del, get, set } from "idb-keyval";
import { createJSONStorage, persist } from "zustand/middleware";
import { createStore } from "zustand/vanilla";
import { restore, restoreMessage } from "../../src/core/codec/index.ts";
import type { Message } from "../../src/core/message.ts";
import type { Session } from "../../src/core/session.ts";
import { prepareDatabase } from "../../src/persistence/database/idb-connection.ts";
import { IdbSessionRepository, type WriteStats } from "../../src/persistence/idb-repository.ts";
import { generateSession, type SessionGroup } from "../data/sessions.ts";

/** What one approach measured for one appended message. */
export interface AppendSample {
  ms: number;
  bytes: number;
}

export interface SeedPlan {
  background: SessionGroup;
  /** One session of each of these lengths is stored beside the background ones. */
  targets: number[];
}

const OURS_DB = "parley-bench-persist";
const PEER_DB = "parley-bench-peer";
const PEER_KEY = "chat-store";

const sessionsOf = (plan: SeedPlan): Session[] => {
  const groups: [SessionGroup, number][] = [
    ...Array.from({ length: plan.background.count }, (_, i): [SessionGroup, number] => [
      plan.background,
      i,
    ]),
    ...plan.targets.map((n): [SessionGroup, number] => [
      { tag: `Target${n}`, count: 1, messages: n },
      0,
    ]),
  ];
  return groups.map(([group, i]) => {
    const restored = restore(generateSession(group, i));
    if (!restored.ok) throw new Error(`generated session is invalid at ${restored.error.path}`);
    return restored.session;
  });
};

const targetId = (sessions: Session[], length: number): string => {
  const found = sessions.find((s) => s.title.startsWith(`Target${length} `));
  if (!found) throw new Error(`no target session of ${length} messages`);
  return found.id;
};

/** Fresh messages like the stored ones, with ids of their own. */
function newMessages(count: number, salt: number): Message[] {
  const disk = generateSession({ tag: `Append${salt}`, count: 1, messages: count }, 0).messages;
  return disk.map((m) => {
    const restored = restoreMessage(m);
    if (!restored.ok) throw new Error("generated message is invalid");
    return restored.message;
  });
}

let sessions: Session[] = [];

/** Parley's repository: one transaction per session, as the app writes them. */
async function seedOurs(plan: SeedPlan): Promise<{ sessions: number; messages: number }> {
  sessions = sessionsOf(plan);
  await prepareDatabase(OURS_DB);
  const repository = new IdbSessionRepository({ name: OURS_DB, throttleMs: 0 });
  await repository.load();
  for (let i = 0; i < sessions.length; i += 20) {
    await Promise.all(
      sessions
        .slice(i, i + 20)
        .map((s) => repository.save(s, { kind: "whole" }, { immediate: true })),
    );
  }
  await repository.flush();
  repository.close();
  return {
    sessions: sessions.length,
    messages: sessions.reduce((n, s) => n + s.messages.length, 0),
  };
}

let ours:
  | { repository: IdbSessionRepository; stats: WriteStats[]; open: Map<number, Session> }
  | undefined;

/** Opens the store as the app does after a reload, and the target sessions in it. */
async function openOurs(lengths: number[]): Promise<Record<number, number>> {
  const stats: WriteStats[] = [];
  const repository = new IdbSessionRepository({
    name: OURS_DB,
    throttleMs: 0,
    onWrite: (w) => stats.push(w),
  });
  await repository.load();
  const open = new Map<number, Session>();
  const openMs: Record<number, number> = {};
  for (const length of lengths) {
    const started = performance.now();
    const session = await repository.open(targetId(sessions, length));
    openMs[length] = performance.now() - started;
    if (!session) throw new Error(`the target session of ${length} messages was not stored`);
    open.set(length, session);
  }
  ours = { repository, stats, open };
  return openMs;
}

/**
 * Appends `count` messages to each open target session, one message to each in turn, so that
 * whatever slows the browser for a moment lands on every length alike.
 */
async function appendOurs(
  lengths: number[],
  count: number,
  salt: number,
): Promise<Record<number, AppendSample[]>> {
  if (!ours) throw new Error("openOurs must run first");
  const { repository, stats, open } = ours;
  const fresh = new Map(lengths.map((n) => [n, newMessages(count, n * 1000 + salt)]));
  const samples: Record<number, AppendSample[]> = Object.fromEntries(lengths.map((n) => [n, []]));
  for (let i = 0; i < count; i++) {
    for (const length of lengths) {
      const current = open.get(length);
      const message = fresh.get(length)?.[i];
      if (!current || !message) throw new Error(`no open session of ${length} messages`);
      const session: Session = {
        ...current,
        messages: [...current.messages, message],
        revision: current.revision + 1,
      };
      const started = performance.now();
      const change = { kind: "append", messages: [message], base: current.revision } as const;
      const outcome = await repository.save(session, change, { immediate: true });
      const ms = performance.now() - started;
      if (!outcome.ok) throw new Error(`save failed: ${JSON.stringify(outcome.fault)}`);
      samples[length]?.push({ ms, bytes: stats.at(-1)?.bytes ?? Number.NaN });
      open.set(length, session);
    }
  }
  return samples;
}

interface PeerState {
  sessions: Record<string, Session>;
}

const createPeer = (storage: ReturnType<typeof createJSONStorage<PeerState>>) =>
  createStore<PeerState>()(persist(() => ({ sessions: {} }), { name: PEER_KEY, storage }));

let peer: ReturnType<typeof createPeer> | undefined;
let lastWrite: { promise: Promise<void>; bytes: number } | undefined;

/** The peers' way: zustand `persist` over idb-keyval, the whole store under one key. */
async function seedWhole(plan: SeedPlan): Promise<{ bytes: number }> {
  if (sessions.length === 0) sessions = sessionsOf(plan);
  const keyval = createKeyval(PEER_DB, "keyval");
  const storage = createJSONStorage<PeerState>(() => ({
    getItem: async (name) => (await get<string>(name, keyval)) ?? null,
    setItem: (name, value) => {
      const promise = set(name, value, keyval);
      lastWrite = { promise, bytes: value.length };
      return promise;
    },
    removeItem: (name) => del(name, keyval),
  }));
  peer = createPeer(storage);
  await peer.persist.rehydrate();
  peer.setState({ sessions: Object.fromEntries(sessions.map((s) => [s.id, s])) });
  await lastWrite?.promise;
  return { bytes: lastWrite?.bytes ?? Number.NaN };
}

async function appendWhole(length: number, count: number): Promise<AppendSample[]> {
  const store = peer;
  if (!store) throw new Error("seedWhole must run first");
  const id = targetId(sessions, length);
  const samples: AppendSample[] = [];
  for (const message of newMessages(count, length)) {
    const started = performance.now();
    store.setState((s) => {
      const current = s.sessions[id];
      if (!current) throw new Error(`no session ${id} in the peer store`);
      return {
        sessions: {
          ...s.sessions,
          [id]: {
            ...current,
            messages: [...current.messages, message],
            revision: current.revision + 1,
          },
        },
      };
    });
    await lastWrite?.promise;
    samples.push({ ms: performance.now() - started, bytes: lastWrite?.bytes ?? Number.NaN });
  }
  return samples;
}

const api = { seedOurs, openOurs, appendOurs, seedWhole, appendWhole };
export type PersistBenchPage = typeof api;
(globalThis as unknown as { parleyPersistBench: PersistBenchPage }).parleyPersistBench = api;
