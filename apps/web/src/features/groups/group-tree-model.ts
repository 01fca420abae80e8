import type { TGroupNode } from '@steward/contracts/groups';
import type { TreeDataNode } from 'antd';

/** A group as an antd Tree node: keyed by its id, titled by its name, the group kept beside. */
export interface GroupTreeNode extends TreeDataNode {
  key: string;
  group: TGroupNode;
  children: GroupTreeNode[];
}

/** The group forest (GET /api/GetAllGroupBasicInformation) as antd Tree data, same order. */
export function toTreeData(forest: readonly TGroupNode[]): GroupTreeNode[] {
  return forest.map((group) => ({ key: group.id, title: group.name, group, children: toTreeData(group.children) }));
}

/*
 * Pure helpers over the group forest of GET /api/GetAllGroupBasicInformation (spec 2.21;
 * existing-client-api §6.5): `TGroupNode[]`, each node `{id, name, description,
 * peopleInGroupsCount, children}`, siblings sorted by name.
 */

/** Every group id of the forest, parents before their children (depth first). */
export function allGroupIds(forest: readonly TGroupNode[]): string[] {
  return forest.flatMap((node) => [node.id, ...allGroupIds(node.children)]);
}

/** The ids of the groups that have sub-groups (the nodes that can be expanded). */
export function parentGroupIds(forest: readonly TGroupNode[]): string[] {
  return forest.flatMap((node) => (node.children.length > 0 ? [node.id, ...parentGroupIds(node.children)] : []));
}

/** The group with this id anywhere in the forest, or null. */
export function findGroup(forest: readonly TGroupNode[], id: string): TGroupNode | null {
  for (const node of forest) {
    if (node.id === id) return node;
    const found = findGroup(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The groups from the top level down to the group `id` (inclusive), or [] when it is not there. */
export function groupPath(forest: readonly TGroupNode[], id: string): TGroupNode[] {
  for (const node of forest) {
    if (node.id === id) return [node];
    const below = groupPath(node.children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/**
 * The sub-groups of `node` in the order they can be deleted one by one: every group after its own
 * sub-groups (post-order), `node` itself excluded.
 */
export function descendantsDeepestFirst(node: TGroupNode): TGroupNode[] {
  return node.children.flatMap((child) => [...descendantsDeepestFirst(child), child]);
}

/** The sub-groups of `node` top-down, in the tree's order (pre-order), `node` itself excluded. */
export function descendantsTopDown(node: TGroupNode): TGroupNode[] {
  return node.children.flatMap((child) => [child, ...descendantsTopDown(child)]);
}

/** What deleting `node` with its whole sub-tree removes: sub-groups, and memberships (people stay). */
export function subtreeSize(node: TGroupNode): { subGroups: number; memberships: number } {
  const below = descendantsDeepestFirst(node);
  return {
    subGroups: below.length,
    memberships: [node, ...below].reduce((sum, g) => sum + g.peopleInGroupsCount, 0),
  };
}

function byName(a: TGroupNode, b: TGroupNode): number {
  const folded = a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return folded !== 0 ? folded : a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;
}

/**
 * The forest with `created` added under `parentId` (null: at the top level), siblings kept in the
 * server's order (by name, case-insensitively). An unknown parent leaves the forest unchanged.
 */
export function withGroupAdded(
  forest: readonly TGroupNode[],
  created: TGroupNode,
  parentId: string | null,
): TGroupNode[] {
  if (parentId === null) return [...forest, created].sort(byName);
  return forest.map((node) =>
    node.id === parentId
      ? { ...node, children: [...node.children, created].sort(byName) }
      : { ...node, children: withGroupAdded(node.children, created, parentId) },
  );
}

/** '1 member' / '3 members'. */
export function membersText(count: number): string {
  return `${count} member${count === 1 ? '' : 's'}`;
}

/** '1 sub-group' / '3 sub-groups'. */
export function subGroupsText(count: number): string {
  return `${count} sub-group${count === 1 ? '' : 's'}`;
}

/** '1 group membership' / '3 group memberships' (a person in two groups counts twice). */
export function membershipsText(count: number): string {
  return `${count} group membership${count === 1 ? '' : 's'}`;
}
