import type { TGroupNode } from '@steward/contracts/groups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getGroup, getGroupTree } from '../../api/groups.ts';
import { groupKeys } from '../../api/query-keys.ts';
import { withGroupAdded } from './group-tree-model.ts';

/** GET /api/GetAllGroupBasicInformation: the church's group forest (spec 2.21), siblings by name. */
export function useGroupTree() {
  return useQuery({ queryKey: groupKeys.tree(), queryFn: getGroupTree });
}

/** GET /api/Groups/{id}: one group with its parent and counts; off while `id` is null. */
export function useGroupDetail(id: string | null) {
  return useQuery({ queryKey: groupKeys.one(id ?? ''), queryFn: () => getGroup(id ?? ''), enabled: id !== null });
}

/**
 * After a group is created: puts it into the cached tree at once (under `parentId`, null = top
 * level), then reloads the tree and the parent's counts from the server.
 */
export function useAddGroupToTree() {
  const queryClient = useQueryClient();
  return useCallback(
    async (created: TGroupNode, parentId: string | null) => {
      queryClient.setQueryData<TGroupNode[]>(groupKeys.tree(), (forest) =>
        forest ? withGroupAdded(forest, created, parentId) : forest,
      );
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
    [queryClient],
  );
}

/** Reloads the tree and every group's details (after a rename, move or delete). */
export function useReloadGroups() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: groupKeys.all }), [queryClient]);
}
