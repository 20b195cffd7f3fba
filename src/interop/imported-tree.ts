import type { DraftMessage } from "./conversation-draft.ts";
import type { ImportNotes } from "./import-note.ts";

/** One message of another app's conversation tree, in interop's own terms. */
export interface ImportedNode extends DraftMessage {
  /** Unique within its tree. */
  id: string;
  /** The message this one follows; undefined (or an id the tree lacks) at a root. */
  parentId?: string | undefined;
}

/** A conversation as another app keeps it: every version, and the one its person last saw. */
export interface ImportedTree {
  nodes: ImportedNode[];
  /**
   * The message the other app showed last. When it is missing or names no node, the latest
   * version is taken: the last root, then at each step its last child, as apps that keep no
   * active leaf show it.
   */
  activeLeafId?: string | undefined;
}

/** A tree made sound: every node once, each parent before its children, and what was mended. */
export interface WholeTree {
  /** Depth first, a parent before its children, siblings in the order the file gave them. */
  nodes: ImportedNode[];
  leafId: string | undefined;
  /** How many versions the tree holds: its leaves, one for a conversation never edited. */
  versions: number;
  /** Nodes whose parent the file does not hold: each starts a branch of its own. */
  parentMissing: number;
  /** Nodes whose parents lead round in a loop: the loop is cut where the file first lists it. */
  inLoop: number;
  /** Nodes whose id an earlier node already has: kept, under a new id. */
  repeatedIds: number;
}

function uniqueNodes(nodes: readonly ImportedNode[]): { nodes: ImportedNode[]; repeated: number } {
  const taken = new Set<string>();
  let repeated = 0;
  const out = nodes.map((node) => {
    if (!taken.has(node.id)) {
      taken.add(node.id);
      return node;
    }
    repeated++;
    let n = 2;
    while (taken.has(`${node.id}#${n}`)) n++;
    const id = `${node.id}#${n}`;
    taken.add(id);
    return { ...node, id };
  });
  return { nodes: out, repeated };
}

/**
 * The whole tree, walked without recursion so that a chain of any depth, a loop of parents or a
 * parent the file lacks cannot hang the reading or overflow the stack. Nothing is dropped: a
 * node under a missing parent becomes a root, a loop is cut at the node the file lists first,
 * and a repeated id is renamed; each is counted for the plan.
 */
export function wholeTree(tree: ImportedTree): WholeTree {
  const { nodes, repeated } = uniqueNodes(tree.nodes);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<string, ImportedNode[]>();
  const roots: ImportedNode[] = [];
  let parentMissing = 0;
  for (const node of nodes) {
    const parent = node.parentId;
    if (parent === undefined || parent === node.id) roots.push(node);
    else if (!byId.has(parent)) {
      parentMissing++;
      roots.push(node);
    } else {
      const siblings = children.get(parent);
      if (siblings) siblings.push(node);
      else children.set(parent, [node]);
    }
  }
  const out: ImportedNode[] = [];
  const placed = new Set<string>();
  const walk = (start: ImportedNode, parentId: string | undefined) => {
    const stack: Array<{ node: ImportedNode; parentId: string | undefined }> = [
      { node: start, parentId },
    ];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const { node } = next;
      if (placed.has(node.id)) continue;
      placed.add(node.id);
      out.push(next.parentId === node.parentId ? node : { ...node, parentId: next.parentId });
      const below = children.get(node.id) ?? [];
      for (let i = below.length - 1; i >= 0; i--)
        stack.push({ node: below[i] as ImportedNode, parentId: node.id });
    }
  };
  for (const root of roots) walk(root, undefined);
  let inLoop = 0;
  for (const node of nodes)
    if (!placed.has(node.id)) {
      const before = out.length;
      walk(node, undefined);
      inLoop += out.length - before;
    }
  const named = tree.activeLeafId === undefined ? undefined : byId.get(tree.activeLeafId)?.id;
  const shape = new Map<string | undefined, string[]>();
  for (const node of out) {
    const siblings = shape.get(node.parentId);
    if (siblings) siblings.push(node.id);
    else shape.set(node.parentId, [node.id]);
  }
  let versions = 0;
  for (const node of out) if (!shape.has(node.id)) versions++;
  return {
    nodes: out,
    leafId: named ?? latestLeaf(shape),
    versions,
    parentMissing,
    inLoop,
    repeatedIds: repeated,
  };
}

/** The last root, then at each step its last child (the shape is a tree: the walk ends). */
function latestLeaf(shape: ReadonlyMap<string | undefined, readonly string[]>): string | undefined {
  let at = shape.get(undefined)?.at(-1);
  for (let next = at; next !== undefined; next = shape.get(next)?.at(-1)) at = next;
  return at;
}

/**
 * The whole tree as the messages of a session, with the plan's words for it: how many versions
 * the conversation brings and what had to be mended. `nodeNotes` holds what reading each node
 * noted; every node is kept, so all of them are the session's.
 */
export function keepWholeTree(
  tree: ImportedTree,
  notes: ImportNotes,
  nodeNotes?: ReadonlyMap<string, ImportNotes>,
): { nodes: ImportedNode[]; leafId: string | undefined } {
  const whole = wholeTree(tree);
  if (whole.versions > 1) notes.add("versions", whole.versions);
  notes.add("tree-parent-missing", whole.parentMissing);
  notes.add("tree-loop-cut", whole.inLoop);
  notes.add("tree-id-repeated", whole.repeatedIds);
  for (const id of new Set(tree.nodes.map((node) => node.id))) {
    const own = nodeNotes?.get(id);
    if (own) notes.merge(own);
  }
  return { nodes: whole.nodes, leafId: whole.leafId };
}

/**
 * The nearest message at or above `leafId` in `before` that `after` still holds, for when a
 * step after reading (pairing tool calls) has dropped or joined messages.
 */
export function keptLeaf(
  before: readonly DraftMessage[],
  after: readonly DraftMessage[],
  leafId: string | undefined,
): string | undefined {
  const kept = new Set(after.map((m) => m.id));
  const parent = new Map(before.map((m) => [m.id, m.parentId]));
  const seen = new Set<string>();
  for (let at = leafId; at !== undefined && !seen.has(at); at = parent.get(at)) {
    if (kept.has(at)) return at;
    seen.add(at);
  }
  return undefined;
}
