import type { TGroupNode } from '@steward/contracts/groups';
import { describe, expect, it } from 'vitest';
import { chosenGroups, searchGroups, toggleGroup } from './attendance-group-model.ts';

const node = (id: string, name: string, children: TGroupNode[] = []): TGroupNode => ({
  id,
  name,
  description: null,
  peopleInGroupsCount: 0,
  children,
});

// Youth (Choir, Ushers), Children Church, Men
const forest = [
  node('c', 'Children Church'),
  node('m', 'Men'),
  node('y', 'Youth', [node('y1', 'Youth Choir'), node('y2', 'Ushers')]),
];

describe('searchGroups', () => {
  it('finds groups at any depth by part of the name, any case, with their path', () => {
    expect(searchGroups(forest, 'CHOIR').map((m) => m.path)).toEqual(['Youth › Youth Choir']);
    expect(searchGroups(forest, 'youth').map((m) => m.group.id)).toEqual(['y', 'y1']);
    expect(searchGroups(forest, '  ')).toEqual([]);
    expect(searchGroups(forest, 'women')).toEqual([]);
  });
});

describe('toggleGroup (the tree rule from the search results)', () => {
  it('ticks a parent with all its sub-groups, and unticks them together', () => {
    expect(toggleGroup(forest, [], 'y', true)).toEqual(['y', 'y1', 'y2']);
    expect(toggleGroup(forest, ['y', 'y1', 'y2', 'm'], 'y', false)).toEqual(['m']);
  });

  it('ticks the parent once its last sub-group is ticked, and unticks it with any of them', () => {
    expect(toggleGroup(forest, ['y1'], 'y2', true)).toEqual(['y', 'y1', 'y2']);
    expect(toggleGroup(forest, ['y', 'y1', 'y2'], 'y1', false)).toEqual(['y2']);
  });

  it('keeps ids the tree does not know (a deleted group of a saved set-up)', () => {
    expect(toggleGroup(forest, ['gone', 'c'], 'm', true)).toEqual(['c', 'm', 'gone']);
  });
});

describe('chosenGroups', () => {
  it("names the chosen groups in the tree's order, unknown ones from the saved set-up", () => {
    const saved = new Map([['gone', 'Old Choir']]);
    expect(chosenGroups(forest, ['y2', 'gone', 'c'], saved)).toEqual([
      { id: 'c', name: 'Children Church' },
      { id: 'y2', name: 'Ushers' },
      { id: 'gone', name: 'Old Choir' },
    ]);
  });
});
