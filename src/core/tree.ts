import type { Message } from "./message.ts";

/**
 * A conversation is a tree of messages kept in one list, in the order they were added. A
 * message's parent is `parentId` when it is set (`null`: a root), else the message before it in
 * the list, so a conversation that never branched is stored exactly as a plain list. The
 * session's `leafId` picks the visible path; absent, the last message of the list is the leaf.
 */
export interface Tree {
  /** Each message's parent id (`null`: a root), by message id. */
  parent: ReadonlyMap<string, string | null>;
  /** Each message's children in the order they were added; roots under `null`. */
  children: ReadonlyMap<string | null, readonly string[]>;
  byId: ReadonlyMap<string, Message>;
  /** True when every message's parent is the one before it: the list is the only path. */
  linear: boolean;
}

/** The parts of a session the tree reads. */
export interface Branched {
  messages: readonly Message[];
  leafId?: string | null | undefined;
}

const trees = new WeakMap<readonly Message[], Tree>();
const plain = new WeakMap<readonly Message[], boolean>();

/**
 * Whether some message of the list states its parent, so that the list may hold versions; when
 * none does (every conversation that never branched) the list is its one path, known without
 * building the tree's maps (a few milliseconds for 10,000 messages, when a long one arrives).
 */
export function mayBranch(messages: readonly Message[]): boolean {
  let known = plain.get(messages);
  if (known === undefined) {
    known = messages.some((m) => m.parentId !== undefined);
    plain.set(messages, known);
  }
  return known;
}

/** The tree of `messages`; built once per list (lists are never changed in place). */
export function treeOf(messages: readonly Message[]): Tree {
  const cached = trees.get(messages);
  if (cached) return cached;
  const parent = new Map<string, string | null>();
  const byId = new Map<string, Message>();
  let linear = true;
  for (const m of messages) byId.set(m.id, m);
  messages.forEach((m, i) => {
    const previous = messages[i - 1]?.id ?? null;
    const stated = m.parentId === undefined ? previous : m.parentId;
    // A parent that is gone (deleted, or cut from a preview) makes the message a root.
    const id = stated !== null && stated !== m.id && byId.has(stated) ? stated : null;
    parent.set(m.id, id);
    if (id !== previous) linear = false;
  });
  let children: Map<string | null, string[]> | undefined;
  const tree: Tree = {
    parent,
    byId,
    linear,
    // Built on first use: the path needs only the parents, and is read after every commit.
    get children() {
      if (children) return children;
      children = new Map();
      for (const m of messages) {
        const id = parent.get(m.id) ?? null;
        const siblings = children.get(id);
        if (siblings) siblings.push(m.id);
        else children.set(id, [m.id]);
      }
      return children;
    },
  };
  trees.set(messages, tree);
  return tree;
}

/**
 * `list` with a parent named for each message that names none and now follows another message
 * than `writtenAfter` says it followed when it was written (`undefined`: unknown, left alone).
 * A message without a parent answers the one before it; where two lists that went on from the
 * same message are joined, one side's after the other's (two tabs at once, two devices offline),
 * its first message would answer the other side's last. Named, the two are versions of each
 * other. Only a parent earlier in the list (or `null`, a root) is named, so no two messages can
 * be each other's ancestors; a parent that is gone leaves the message after what is there.
 */
export function keepWrittenParents(
  list: readonly Message[],
  writtenAfter: (message: Message) => string | null | undefined,
): Message[] {
  const earlier = new Set<string>();
  return list.map((m, i) => {
    const parent = m.parentId === undefined ? writtenAfter(m) : undefined;
    const shown = list[i - 1]?.id ?? null;
    earlier.add(m.id);
    if (parent === undefined || parent === shown) return m;
    if (parent !== null && !earlier.has(parent)) return m;
    return { ...m, parentId: parent };
  });
}

/** The id of the visible leaf: `leafId` when it names a message (or is `null`), else the last message. */
export function leafOf(session: Branched): string | null {
  const { leafId, messages } = session;
  if (leafId === null) return null;
  if (leafId !== undefined && treeOf(messages).byId.has(leafId)) return leafId;
  return messages.at(-1)?.id ?? null;
}

/** The messages from the root to `id`, inclusive; empty for `null` or an unknown id. */
export function pathTo(messages: readonly Message[], id: string | null): Message[] {
  const tree = treeOf(messages);
  const out: Message[] = [];
  // A path is never longer than the list; parents that form a circle stop there.
  for (let at = id; at !== null && out.length < messages.length; at = tree.parent.get(at) ?? null) {
    const message = tree.byId.get(at);
    if (!message) break;
    out.push(message);
  }
  return out.reverse();
}

const paths = new WeakMap<readonly Message[], { leaf: string | null; path: readonly Message[] }>();

/**
 * The visible path: what the log shows and the Agent is sent. For a list that never branched,
 * read to its end, it is the list itself (the same array, so memos keyed on it hold).
 */
export function path(session: Branched): readonly Message[] {
  const { messages, leafId } = session;
  const last = messages.at(-1)?.id ?? null;
  if (!mayBranch(messages) && (leafId === undefined || leafId === last)) return messages;
  const leaf = leafOf(session);
  if (treeOf(messages).linear && leaf === last) return messages;
  const cached = paths.get(messages);
  if (cached && cached.leaf === leaf) return cached.path;
  const result = pathTo(messages, leaf);
  paths.set(messages, { leaf, path: result });
  return result;
}

/** The versions of a message: it and its siblings in the order they were added, and its place among them. */
export function versionsOf(
  messages: readonly Message[],
  id: string,
): { ids: readonly string[]; index: number } {
  const tree = treeOf(messages);
  if (!tree.byId.has(id)) return { ids: [], index: -1 };
  const ids = tree.children.get(tree.parent.get(id) ?? null) ?? [id];
  return { ids, index: ids.indexOf(id) };
}

/** The leaf reached from `id` by always following the child added last. */
export function latestLeafUnder(messages: readonly Message[], id: string): string {
  const tree = treeOf(messages);
  let at = id;
  const seen = new Set<string>([at]);
  for (;;) {
    const next = tree.children.get(at)?.at(-1);
    if (next === undefined || seen.has(next)) return at;
    seen.add(next);
    at = next;
  }
}

/**
 * `added` as they go into `messages` below `leaf`: the first gets `parentId` when its parent is
 * not the message before it; the rest follow each other. Messages that state a parent keep it.
 */
export function underLeaf(
  messages: readonly Message[],
  leaf: string | null,
  added: readonly Message[],
): Message[] {
  const [first, ...rest] = added;
  if (!first) return [];
  const previous = messages.at(-1)?.id ?? null;
  const head =
    first.parentId !== undefined || leaf === previous ? first : { ...first, parentId: leaf };
  return [head, ...rest];
}

/**
 * A partial answer folded in at the end, below the shown leaf (a Regenerate's, whose leaf is its
 * question), is shown: it becomes the leaf, as its finished answer would have.
 */
export function showFolded<T extends Branched>(session: T): T {
  const last = session.messages.at(-1);
  if (session.leafId === undefined || last?.parentId === undefined) return session;
  if (last.parentId !== session.leafId) return session;
  const { leafId: _shown, ...rest } = session;
  return rest as T;
}
