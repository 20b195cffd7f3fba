import "fake-indexeddb/auto";
import type { Message } from "../../src/core/message.ts";
import { isoTime, type Session } from "../../src/core/session.ts";
import { path } from "../../src/core/tree.ts";
import { prepareDatabase } from "../../src/persistence/database/idb-connection.ts";
import { IdbSessionRepository, type WriteStats } from "../../src/persistence/idb-repository.ts";

const LENGTH = 10_000;
const BRANCHES = 100;
const EPOCH = Date.UTC(2026, 11, 1);

const text = (i: number) =>
  `Message ${i}: ${"a sentence of a plausible length for a chat message. ".repeat(4)}`;

function message(i: number, parentId?: string | null): Message {
  return {
    id: `m${String(i).padStart(8, "0")}`,
    ...(parentId !== undefined ? { parentId } : {}),
    role: i % 2 === 0 ? "user" : "assistant",
    content: text(i),
    createdAt: isoTime(EPOCH + i * 1000),
  };
}

/**
 * `LENGTH` messages; with `branches`, that many of them start a new version of an earlier
 * answer (evenly spread), so the list holds `branches + 1` paths.
 */
function conversation(id: string, branches: number): Session {
  const every = Math.floor(LENGTH / (branches + 1));
  const messages = Array.from({ length: LENGTH }, (_, i) => {
    if (branches === 0 || i === 0 || i % every !== 0 || i / every > branches) return message(i);
    // A version of the answer two turns back: a sibling under that answer's question.
    return message(i, message(i - 3).id);
  });
  const at = isoTime(EPOCH);
  return {
    id,
    createdAt: at,
    updatedAt: at,
    title: id,
    metadata: {},
    state: {},
    messages,
    revision: 1,
  };
}

interface Figure {
  what: string;
  ms: number;
  bytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function measure(
  repository: IdbSessionRepository,
  stats: WriteStats[],
  start: Session,
  step: (session: Session, n: number) => { session: Session; added: Message },
  rounds: number,
): Promise<{ ms: number; bytes: number }> {
  let session = start;
  const ms: number[] = [];
  const bytes: number[] = [];
  for (let n = 0; n < rounds; n++) {
    const base = session.revision;
    const next = step(session, n);
    session = next.session;
    const change = { kind: "append" as const, messages: [next.added], base };
    const started = performance.now();
    const outcome = await repository.save(session, change, { immediate: true });
    ms.push(performance.now() - started);
    if (!outcome.ok) throw new Error(`save failed: ${JSON.stringify(outcome.fault)}`);
    bytes.push(stats.at(-1)?.bytes ?? Number.NaN);
  }
  return { ms: median(ms), bytes: median(bytes) };
}

/**
 * `node bench/tree/run.mjs [--smoke]`: a 10,000-message conversation, linear and with 100
 * branches, stored through Parley's repository (fake-indexeddb in Node: the figures compare the
 * work each write does, not a browser's disk). Prints the table; fails when adding a message or a
 * version to the tree costs more than 1.5 times a linear append, in time or bytes.
 */
export async function main(argv: string[]): Promise<number> {
  const rounds = argv.includes("--smoke") ? 5 : 60;
  const name = "parley-bench-tree";
  await prepareDatabase(name);
  const stats: WriteStats[] = [];
  const repository = new IdbSessionRepository({
    name,
    throttleMs: 0,
    onWrite: (w) => stats.push(w),
  });
  await repository.load();
  const linear = conversation("00000000000a", 0);
  const tree = conversation("00000000000b", BRANCHES);
  await repository.save(linear, { kind: "whole" }, { immediate: true });
  await repository.save(tree, { kind: "whole" }, { immediate: true });
  await repository.flush();

  const opened: Record<string, Session> = {};
  const openMs: Record<string, number> = {};
  for (const s of [linear, tree]) {
    const started = performance.now();
    const back = await repository.open(s.id);
    openMs[s.id] = performance.now() - started;
    if (!back) throw new Error("not stored");
    opened[s.id] = back;
  }
  const lin = opened[linear.id] as Session;
  const branched = opened[tree.id] as Session;
  // Each list is new, so each call builds the tree again, as after every commit; the first warms up.
  const pathMs: number[] = [];
  let shown: readonly Message[] = [];
  for (let n = 0; n < 11; n++) {
    const started = performance.now();
    shown = path({ messages: [...branched.messages], leafId: branched.leafId });
    if (n > 0) pathMs.push(performance.now() - started);
  }

  const appendOne = (s: Session, n: number) => {
    const added = message(LENGTH + n);
    return { session: { ...s, messages: [...s.messages, added], revision: s.revision + 1 }, added };
  };
  const questions = path(branched)
    .filter((m) => m.role === "user")
    .slice(-10);
  const addVersion = (s: Session, n: number) => {
    const question = questions[n % questions.length];
    const added = message(2 * LENGTH + n, question?.id ?? null);
    return { session: { ...s, messages: [...s.messages, added], revision: s.revision + 1 }, added };
  };
  const base = await measure(repository, stats, lin, appendOne, rounds);
  const treeAppend = await measure(repository, stats, branched, appendOne, rounds);
  const again = (await repository.open(tree.id)) as Session;
  const version = await measure(repository, stats, again, addVersion, rounds);
  repository.close();

  const figures: Figure[] = [
    { what: "append, linear 10,000 (the baseline)", ...base },
    { what: "append, 10,000 with 100 branches", ...treeAppend },
    { what: "add a version, 10,000 with 100 branches", ...version },
  ];
  const ratio = (f: Figure) => Math.max(f.ms / base.ms, f.bytes / base.bytes);
  console.log("| write | median ms | median bytes | × linear append |");
  console.log("|---|---:|---:|---:|");
  for (const f of figures)
    console.log(`| ${f.what} | ${f.ms.toFixed(2)} | ${f.bytes} | ${ratio(f).toFixed(2)} |`);
  console.log("");
  console.log("| read | ms |");
  console.log("|---|---:|");
  console.log(`| open, linear 10,000 | ${openMs[linear.id]?.toFixed(1)} |`);
  console.log(`| open, 10,000 with 100 branches | ${openMs[tree.id]?.toFixed(1)} |`);
  console.log(
    `| path of the tree, built again (${shown.length} shown) | ${median(pathMs).toFixed(2)} |`,
  );
  const met = figures.every((f) => ratio(f) <= 1.5);
  if (!met) console.error("tree: a write cost more than 1.5 times a linear append");
  return met || argv.includes("--smoke") ? 0 : 1;
}
