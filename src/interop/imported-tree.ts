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

/** The messages from a root to the active leaf, and what the rest of the tree held. */
export interface ActivePath {
  path: ImportedNode[];
  /** How many versions the tree holds: its leaves, one for a conversation never edited. */
  versions: number;
  /** Messages of the tree not on the path. */
  leftOut: number;
}

function latestLeaf(
  nodes: readonly ImportedNode[],
  children: ReadonlyMap<string, ImportedNode[]>,
  byId: ReadonlyMap<string, ImportedNode>,
): ImportedNode | undefined {
  const roots = nodes.filter((n) => byId.get(n.id) === n && !isChild(n, byId));
  let node = roots.at(-1);
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    const next: ImportedNode | undefined = children.get(node.id)?.at(-1);
    if (!next) break;
    node = next;
  }
  return node;
}

function isChild(node: ImportedNode, byId: ReadonlyMap<string, ImportedNode>): boolean {
  return node.parentId !== undefined && node.parentId !== node.id && byId.has(node.parentId);
}

/**
 * Takes the active path out of a tree, walking up from the active leaf. A node whose id an
 * earlier node already has, or that a cycle of parents cuts off, is off the path and counted in
 * `leftOut`: nothing is dropped without being counted.
 */
export function activePath(tree: ImportedTree): ActivePath {
  const byId = new Map<string, ImportedNode>();
  for (const node of tree.nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const children = new Map<string, ImportedNode[]>();
  for (const node of byId.values())
    if (isChild(node, byId)) {
      const siblings = children.get(node.parentId as string);
      if (siblings) siblings.push(node);
      else children.set(node.parentId as string, [node]);
    }
  const named = tree.activeLeafId === undefined ? undefined : byId.get(tree.activeLeafId);
  const path: ImportedNode[] = [];
  const seen = new Set<string>();
  for (
    let node = named ?? latestLeaf(tree.nodes, children, byId);
    node && !seen.has(node.id);
    node = isChild(node, byId) ? byId.get(node.parentId as string) : undefined
  ) {
    seen.add(node.id);
    path.push(node);
  }
  path.reverse();
  let versions = 0;
  for (const node of byId.values()) if (!children.has(node.id)) versions++;
  return { path, versions, leftOut: tree.nodes.length - path.length };
}

/**
 * The active path as the messages a session keeps today, with the plan's words for the rest:
 * how many versions the conversation brings and how many messages of the others were left out.
 * `nodeNotes` holds what reading each node noted; only the path's notes are the session's.
 */
export function keepActivePath(
  tree: ImportedTree,
  notes: ImportNotes,
  nodeNotes?: ReadonlyMap<string, ImportNotes>,
): ImportedNode[] {
  const { path, versions, leftOut } = activePath(tree);
  if (versions > 1) notes.add("versions", versions);
  notes.add("other-branches", leftOut);
  for (const node of path) {
    const own = nodeNotes?.get(node.id);
    if (own) notes.merge(own);
  }
  return path;
}

/** Strips a node back to the draft message a session is built from. */
export function draftOf(node: ImportedNode): DraftMessage {
  const { id: _id, parentId: _parent, ...message } = node;
  return message;
}
