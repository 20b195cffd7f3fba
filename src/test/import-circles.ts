import { posix } from "node:path";
import type { SourceFile } from "./import-rules.ts";
import { findImports, scanSource } from "./source-scan.ts";

/**
 * The groups of files that import each other in a loop (type-only imports included), each
 * sorted, found with Tarjan's strongly connected components over the relative imports.
 */
export function findCircles(files: readonly SourceFile[]): string[][] {
  const paths = new Set(files.map((f) => f.path));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { code, bare } = scanSource(file.source);
    const targets = findImports(code, bare)
      .filter((ref) => ref.specifier.startsWith("."))
      .map((ref) => posix.normalize(posix.join(posix.dirname(file.path), ref.specifier)))
      .filter((target) => paths.has(target));
    edges.set(file.path, targets);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (path: string) => {
    index.set(path, next);
    low.set(path, next);
    next++;
    stack.push(path);
    onStack.add(path);
    for (const target of edges.get(path) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(path, Math.min(low.get(path) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(path, Math.min(low.get(path) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(path) !== index.get(path)) return;
    const group: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
      if (member === path) break;
    }
    if (group.length > 1 || edges.get(path)?.includes(path)) circles.push(group.sort());
  };
  for (const path of edges.keys()) if (!index.has(path)) visit(path);
  return circles;
}
