import type { TGroupNode } from '@steward/contracts/groups';
import { describe, expect, it } from 'vitest';
import {
  allGroupIds,
  descendantsDeepestFirst,
  descendantsTopDown,
  findGroup,
  groupPath,
  membersText,
  parentGroupIds,
  subtreeSize,
  withGroupAdded,
} from './group-tree-model.ts';

function group(id: string, name: string, members: number, children: TGroupNode[] = []): TGroupNode {
  return { id, name, description: null, peopleInGroupsCount: members, children };
}

const SOPRANOS = group('s', 'Sopranos', 2);
const ALTOS = group('a', 'Altos', 1);
const CHOIR = group('c', 'Youth Choir', 3, [ALTOS, SOPRANOS]);
const YOUTH = group('y', 'Youth', 4, [CHOIR]);
const MEN = group('m', 'Men', 0);
const FOREST = [MEN, YOUTH];

describe('group tree model', () => {
  it('lists every id parents first, and the expandable ones', () => {
    expect(allGroupIds(FOREST)).toEqual(['m', 'y', 'c', 'a', 's']);
    expect(parentGroupIds(FOREST)).toEqual(['y', 'c']);
  });

  it('finds a group and its path from the top', () => {
    expect(findGroup(FOREST, 's')).toBe(SOPRANOS);
    expect(findGroup(FOREST, 'x')).toBeNull();
    expect(groupPath(FOREST, 's').map((g) => g.name)).toEqual(['Youth', 'Youth Choir', 'Sopranos']);
    expect(groupPath(FOREST, 'x')).toEqual([]);
  });

  it('orders a sub-tree so that every group comes after its sub-groups', () => {
    expect(descendantsDeepestFirst(YOUTH).map((g) => g.id)).toEqual(['a', 's', 'c']);
    expect(descendantsTopDown(YOUTH).map((g) => g.id)).toEqual(['c', 'a', 's']);
    expect(descendantsDeepestFirst(MEN)).toEqual([]);
    expect(subtreeSize(YOUTH)).toEqual({ subGroups: 3, memberships: 10 });
    expect(subtreeSize(MEN)).toEqual({ subGroups: 0, memberships: 0 });
  });

  it('adds a new group under its parent in name order, or at the top level', () => {
    const bass = group('b', 'basses', 0);
    const added = withGroupAdded(FOREST, bass, 'c');
    expect(findGroup(added, 'c')?.children.map((g) => g.name)).toEqual(['Altos', 'basses', 'Sopranos']);
    expect(FOREST[1]?.children[0]?.children).toHaveLength(2);
    expect(withGroupAdded(FOREST, group('k', 'kids', 0), null).map((g) => g.name)).toEqual(['kids', 'Men', 'Youth']);
    expect(withGroupAdded(FOREST, bass, 'nowhere')).toEqual(FOREST);
  });

  it('writes member counts', () => {
    expect(membersText(1)).toBe('1 member');
    expect(membersText(0)).toBe('0 members');
  });
});
