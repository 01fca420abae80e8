import type { TGroupNode } from '@steward/contracts/groups';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { moveGroup } from '../../api/groups.ts';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { useToast } from '../../components/use-toast.ts';
import { GROUP_MESSAGES } from './group-messages.ts';
import { ParentGroupSelect } from './parent-group-select.tsx';
import { useReloadGroups } from './use-group-tree.ts';

/**
 * The reason of a refused move, as a sentence: the server names `parentId` ('cannot be the group
 * itself or one of its sub-groups') or `name` ('is already the name of another group under the
 * same parent').
 */
export function moveRefusalText(err: unknown): string {
  if (isNetworkError(err)) return MESSAGES.networkDisrupted;
  if (err instanceof HttpError) {
    const field = err.fieldErrors[0];
    if (field?.field === 'parentId') return `The new parent ${field.message}.`;
    if (field?.field === 'name') return `Its name ${field.message}.`;
  }
  return serverMessageOf(err) ?? GROUP_MESSAGES.moveFailed;
}

interface MoveGroupDialogProps {
  /** The group to move (with its sub-groups); null: closed. */
  group: TGroupNode | null;
  /** Its parent now (null = top level). */
  currentParentId: string | null;
  forest: readonly TGroupNode[];
  onClose: () => void;
  /** After the move, with the new parent (null = top level). */
  onMoved: (parentId: string | null) => void;
}

/**
 * 'Move group' (issue 8, groups page): picks the new parent of a group, or the top level, in a
 * searchable tree select (keyboard: type, arrows, Enter), then PUT /api/Groups/{id}/move. The
 * group moves with its sub-groups. Every group is offered, the group's own sub-tree included (a
 * greyed-out option would hide the matches under it from type-and-Enter): the server refuses those. A refusal (the group itself or one of its own sub-groups as the
 * new parent; a sibling with the same name there) is shown in the dialog and as a toast; success
 * shows the server's 'Group moved successfully'.
 */
export function MoveGroupDialog({ group, currentParentId, forest, onClose, onMoved }: MoveGroupDialogProps) {
  return (
    <Modal open={group !== null} title="Move group" onCancel={onClose} footer={null} destroyOnHidden width={450}>
      {group ? (
        <MoveGroupForm
          group={group}
          currentParentId={currentParentId}
          forest={forest}
          onClose={onClose}
          onMoved={onMoved}
        />
      ) : null}
    </Modal>
  );
}

function MoveGroupForm({
  group,
  currentParentId,
  forest,
  onClose,
  onMoved,
}: {
  group: TGroupNode;
  currentParentId: string | null;
  forest: readonly TGroupNode[];
  onClose: () => void;
  onMoved: (parentId: string | null) => void;
}) {
  const toast = useToast();
  const reload = useReloadGroups();
  const [parentId, setParentId] = useState<string | null>(currentParentId);
  const [problem, setProblem] = useState<string | null>(null);

  const move = useMutation({
    mutationFn: (to: string | null) => moveGroup(group.id, to),
    onSuccess: async (res, to) => {
      toast.success(res.response);
      onMoved(to);
      onClose();
      await reload();
    },
    onError: (err) => {
      const text = moveRefusalText(err);
      setProblem(text);
      toast.error(text);
    },
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parentId !== currentParentId) move.mutate(parentId);
      }}
      style={{ marginTop: 16 }}
    >
      <Typography.Paragraph>
        Move <strong>{group.name}</strong>
        {group.children.length > 0 ? ' and its sub-groups' : ''} under:
      </Typography.Paragraph>
      <label htmlFor="move-group-parent" style={{ display: 'block', marginBottom: 6 }}>
        New parent
      </label>
      <ParentGroupSelect
        id="move-group-parent"
        forest={forest}
        value={parentId}
        onChange={(next) => {
          setParentId(next);
          setProblem(null);
        }}
      />
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} /> : null}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={parentId === currentParentId} loading={move.isPending}>
          Move
        </Button>
      </Flex>
    </form>
  );
}
