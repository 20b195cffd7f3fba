import { snapshotMessage } from "../../src/core/codec/index.ts";
import type { Session } from "../../src/core/session.ts";
import { type BenchDevice, benchDevice, whenSynced } from "./devices.ts";
import { benchSessions } from "./generated.ts";

const bytes = (text: string) => new TextEncoder().encode(text).length;
/** A revision id in the server's revision tree: 32 hex digits. */
const REV_TREE_ENTRY_BYTES = 32;

/** One message appended on one device, as the other device and the server saw it. */
export interface ServiceAppend {
  from: "A" | "B";
  role: string;
  /** From the commit on the sending device to the commit of the merged session on the other. */
  latencyMs: number;
  plaintextBytes: number;
  /** What the server gained for the append: every new revision the sync service sent. */
  storedBytes: number;
  docs: number;
}

/** Resolves when `device` holds session `id` with `count` messages. */
function holds(device: BenchDevice, id: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = async () => {
      if ((await device.repository.read(id))?.messages.length !== count) return;
      stop();
      resolve();
    };
    const stop = device.repository.subscribe((c) => void (c.id === id && check()));
    void check();
  });
}

async function serverSince(remote: string, since: string) {
  const response = await fetch(`${remote}/_changes?since=${since}&include_docs=true`);
  const body = (await response.json()) as { last_seq: string; results: { doc: unknown }[] };
  const stored = body.results.reduce(
    (sum, r) => sum + bytes(JSON.stringify(r.doc)) + REV_TREE_ENTRY_BYTES,
    0,
  );
  return { seq: String(body.last_seq), stored, docs: body.results.length };
}

/**
 * Two devices (two SyncService instances, each with its own repository and outbox) live-syncing
 * one conversation through the server: messages are appended alternately on each, and every
 * append is timed until the other device has committed it, then the server's new documents are
 * weighed against the message's own JSON.
 */
export async function measureServiceAppends(remote: string, appends: number) {
  const [whole] = benchSessions("sync-latency", 1, 32 + appends);
  if (!whole) throw new Error("no generated session");
  const start: Session = { ...whole, messages: whole.messages.slice(0, 32) };
  const a = await benchDevice([start]);
  const b = await benchDevice();
  const settings = { server: remote, username: "", password: "", passphrase: "bench passphrase" };
  await a.sync.start(settings);
  await b.sync.start(settings);
  await holds(b, start.id, 32);
  await Promise.all([whenSynced(a.sync), whenSynced(b.sync)]);
  let { seq } = await serverSince(remote, "0");
  const samples: ServiceAppend[] = [];
  for (let i = 32; i < whole.messages.length; i++) {
    const [sender, receiver] = i % 2 === 0 ? [a, b] : [b, a];
    const current = await sender.repository.read(start.id);
    const message = whole.messages[i];
    if (!current || !message) throw new Error("lost the conversation");
    const arrived = holds(receiver, start.id, i + 1);
    const t0 = performance.now();
    // As the app's append does (core/session.ts): the session's time moves with the message.
    const updatedAt = new Date().toISOString();
    await sender.repository.save(
      {
        ...current,
        messages: [...current.messages, message],
        updatedAt,
        revision: current.revision + 1,
      },
      { kind: "whole" },
    );
    await arrived;
    const latencyMs = performance.now() - t0;
    await Promise.all([a.sync.settled(), b.sync.settled()]);
    await Promise.all([whenSynced(a.sync), whenSynced(b.sync)]);
    const server = await serverSince(remote, seq);
    seq = server.seq;
    samples.push({
      from: sender === a ? "A" : "B",
      role: message.role,
      latencyMs,
      plaintextBytes: bytes(JSON.stringify(snapshotMessage(message))),
      storedBytes: server.stored,
      docs: server.docs,
    });
  }
  a.sync.dispose();
  b.sync.dispose();
  return samples;
}
