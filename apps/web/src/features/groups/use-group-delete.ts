import { ZDeleteGroupRefusal, type TGroupNode } from '@steward/contracts/groups';
import { MESSAGES } from '@steward/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { createElement, useCallback } from 'react';
import { deleteGroup, getGroupTree } from '../../api/groups.ts';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { groupKeys } from '../../api/query-keys.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';
import { GROUP_MESSAGES } from './group-messages.ts';
import { descendantsTopDown, findGroup, membershipsText, subGroupsText, subtreeSize } from './group-tree-model.ts';

/** The 409 of DELETE /api/Groups/{id}: the group has sub-groups, or members (and no force). */
function refusalOf(err: unknown): { childrenCount: number; membersCount: number } | null {
  if (!(err instanceof HttpError) || err.status !== 409) return null;
  const parsed = ZDeleteGroupRefusal.safeParse(err.body);
  if (!parsed.success) return null;
  const { childrenCount = 0, membersCount = 0 } = parsed.data.returnObject;
  return childrenCount > 0 || membersCount > 0 ? { childrenCount, membersCount } : null;
}

function failureText(err: unknown): string {
  return isNetworkError(err) ? MESSAGES.networkDisrupted : (serverMessageOf(err) ?? GROUP_MESSAGES.deleteFailed);
}

/** The second question's title: 'Delete "Youth" and everything in it?' */
export function deleteAllTitle(name: string): string {
  return `Delete "${name}" and everything in it?`;
}

/**
 * Deleting a group from the groups page (issue 8; spec §5): 'Confirm delete' first (Cancel: 'Delete
 * canceled'), then DELETE /api/Groups/{id}. When the server refuses (409) because the group has
 * sub-groups or members, a second question says what would go: its sub-groups by name and count,
 * and the memberships removed (people stay in the church). On 'Delete all' one DELETE with
 * force=true removes the group and its whole sub-tree in one transaction (all or nothing). The
 * toast is the server's 'Group deleted successfully'; `onDeleted` gets the group's id; the tree
 * reloads.
 */
export function useGroupDelete(onDeleted: (id: string) => void) {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: groupKeys.all }), [queryClient]);

  const deleteSubtree = useCallback(
    async (group: TGroupNode) => {
      try {
        // One request: the server deletes the group, its sub-tree and their memberships in one
        // transaction (force=true), so a failure leaves everything as it was.
        const res = await deleteGroup(group.id, true);
        toast.success(res.response);
        onDeleted(group.id);
      } catch (err) {
        toast.error(failureText(err));
      } finally {
        await reload();
      }
    },
    [toast, onDeleted, reload],
  );

  const offerDeleteAll = useCallback(
    async (id: string) => {
      // The tree as it is now, so the question counts what will really go.
      let forest: TGroupNode[];
      try {
        forest = await queryClient.fetchQuery({ queryKey: groupKeys.tree(), queryFn: getGroupTree, staleTime: 0 });
      } catch (err) {
        toast.error(failureText(err));
        return;
      }
      const group = findGroup(forest, id);
      if (!group) {
        toast.error(GROUP_MESSAGES.notFound);
        return;
      }
      const { subGroups, memberships } = subtreeSize(group);
      const names = descendantsTopDown(group).map((g) => g.name);
      const lines = [
        subGroups > 0 ? `Its ${subGroupsText(subGroups)} will be deleted too: ${names.join(', ')}.` : null,
        memberships > 0 ? `${membershipsText(memberships)} will be removed; the people stay in the church.` : null,
      ].filter((l): l is string => l !== null);
      modal.confirm({
        title: deleteAllTitle(group.name),
        content: createElement(
          'div',
          null,
          lines.map((l) => createElement('p', { key: l, style: { margin: '0 0 8px' } }, l)),
        ),
        okText: 'Delete all',
        cancelText: 'Cancel',
        okButtonProps: { danger: true },
        onOk: () => deleteSubtree(group),
        onCancel: () => toast.info(MESSAGES.deleteCanceled),
      });
    },
    [queryClient, modal, toast, deleteSubtree],
  );

  return useCallback(
    (group: TGroupNode) =>
      confirmDelete({
        cancelMessage: MESSAGES.deleteCanceled,
        onConfirm: async () => {
          try {
            const res = await deleteGroup(group.id);
            toast.success(res.response);
            onDeleted(group.id);
            await reload();
          } catch (err) {
            if (refusalOf(err)) await offerDeleteAll(group.id);
            else toast.error(failureText(err));
          }
        },
      }),
    [confirmDelete, toast, onDeleted, reload, offerDeleteAll],
  );
}
