import type { TGroupNode } from '@steward/contracts/groups';
import { descendantsTopDown, findGroup } from '../groups/group-tree-model.ts';

/*
 * The group field of Add Attendance (spec 2.9, 2.21): what a search finds and how a tick from
 * the search results joins the tree's ticks (the same rule as the tree: a group with sub-groups
 * is ticked exactly when all of them are).
 */

/** A group found by the search, with the names of the groups above it. */
export interface GroupMatch {
  group: TGroupNode;
  /** 'Youth › Choir' for a sub-group, the name alone at the top level */
  path: string;
}

/** The groups whose name contains `text` (any case), depth first, each with its path. */
export function searchGroups(forest: readonly TGroupNode[], text: string): GroupMatch[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const out: GroupMatch[] = [];
  const walk = (nodes: readonly TGroupNode[], above: string[]) => {
    for (const node of nodes) {
      const path = [...above, node.name];
      if (node.name.toLowerCase().includes(needle)) out.push({ group: node, path: path.join(' › ') });
      walk(node.children, path);
    }
  };
  walk(forest, []);
  return out;
}

/**
 * The ticked ids after a group is ticked (`on`) or unticked from the search results: the group
 * and its sub-groups change together, then every group with sub-groups is ticked exactly when
 * all its sub-groups are (the tree's own rule). Ids not in the forest are kept as they are.
 * Order: the forest's (depth first), then the unknown ids.
 */
export function toggleGroup(
  forest: readonly TGroupNode[],
  checked: readonly string[],
  id: string,
  on: boolean,
): string[] {
  const set = new Set(checked);
  const node = findGroup(forest, id);
  const changed = node ? [node, ...descendantsTopDown(node)] : [];
  for (const g of changed) {
    if (on) set.add(g.id);
    else set.delete(g.id);
  }
  const known = new Set<string>();
  const settle = (n: TGroupNode): boolean => {
    known.add(n.id);
    if (n.children.length === 0) return set.has(n.id);
    // every child settled (no short-circuit), then the parent follows them
    const all = n.children.map(settle).every(Boolean);
    if (all) set.add(n.id);
    else set.delete(n.id);
    return all;
  };
  forest.forEach(settle);
  const ordered: string[] = [];
  const collect = (nodes: readonly TGroupNode[]) => {
    for (const n of nodes) {
      if (set.has(n.id)) ordered.push(n.id);
      collect(n.children);
    }
  };
  collect(forest);
  return [...ordered, ...checked.filter((c) => !known.has(c) && set.has(c))];
}

/**
 * The chosen groups with their names, in the forest's order: names from the tree, else from
 * `fallback` (a saved set-up's groups, while the tree loads or after a group was deleted).
 */
export function chosenGroups(
  forest: readonly TGroupNode[],
  ids: readonly string[],
  fallback: ReadonlyMap<string, string>,
): { id: string; name: string }[] {
  const wanted = new Set(ids);
  const out: { id: string; name: string }[] = [];
  const walk = (nodes: readonly TGroupNode[]) => {
    for (const n of nodes) {
      if (wanted.has(n.id)) {
        out.push({ id: n.id, name: n.name });
        wanted.delete(n.id);
      }
      walk(n.children);
    }
  };
  walk(forest);
  for (const id of ids) if (wanted.has(id)) out.push({ id, name: fallback.get(id) ?? 'Group' });
  return out;
}
