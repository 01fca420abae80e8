import type { TGroupNode } from '@steward/contracts/groups';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Modal } from 'antd';
import { createGroup } from '../../api/groups.ts';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';
import { useToast } from '../../components/use-toast.ts';
import { GroupFormFields, showServerFieldErrors, type GroupFormValues } from './group-form-fields.tsx';
import { GROUP_MESSAGES } from './group-messages.ts';
import { useAddGroupToTree, useGroupTree } from './use-group-tree.ts';

/** The 'Create group' dialog is 450 px wide (spec 2.21, §9). */
export const CREATE_GROUP_DIALOG_WIDTH = 450;

interface CreateGroupDialogProps {
  open: boolean;
  onClose: () => void;
  /** The parent chosen when it opens (null or absent: top level); the user may change it. */
  defaultParentId?: string | null;
  /** The created group (bare, no children) and the parent it went under. */
  onCreated?: (created: TGroupNode, parentId: string | null) => void;
}

/**
 * The 'Create group' dialog (spec 2.21; existing-client-api §6.5), 450 px wide: 'Group name'
 * (required), 'Description', 'Parent group' (top level by default); Cancel and 'Create group'.
 * POST /api/CreateGroup `{name, description, parentId}`; on success the toast 'Group created
 * successfully', the group appears in the cached tree at once and the dialog closes. A name already
 * used under the same parent is shown under 'Group name'.
 */
export function CreateGroupDialog({ open, onClose, defaultParentId = null, onCreated }: CreateGroupDialogProps) {
  return (
    <Modal
      open={open}
      title="Create group"
      width={CREATE_GROUP_DIALOG_WIDTH}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      {open ? <CreateGroupForm defaultParentId={defaultParentId} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function CreateGroupForm({
  defaultParentId,
  onClose,
  onCreated,
}: {
  defaultParentId: string | null;
  onClose: () => void;
  onCreated?: (created: TGroupNode, parentId: string | null) => void;
}) {
  const [form] = Form.useForm<GroupFormValues>();
  const toast = useToast();
  const tree = useGroupTree();
  const addToTree = useAddGroupToTree();

  const create = useMutation({
    mutationFn: (values: GroupFormValues) =>
      createGroup({ name: values.name, description: values.description ?? null, parentId: values.parentId ?? null }),
    onSuccess: async (created, values) => {
      const parentId = values.parentId ?? null;
      toast.success(MESSAGES.groupCreated);
      onCreated?.(created, parentId);
      onClose();
      await addToTree(created, parentId);
    },
    onError: (err) => {
      if (showServerFieldErrors(form, err)) return;
      toast.error(
        isNetworkError(err) ? MESSAGES.networkDisrupted : (serverMessageOf(err) ?? GROUP_MESSAGES.createFailed),
      );
    },
  });

  return (
    <Form<GroupFormValues>
      form={form}
      name="create-group"
      layout="vertical"
      requiredMark
      initialValues={{ name: '', description: '', parentId: defaultParentId }}
      onFinish={(values) => create.mutate(values)}
      style={{ marginTop: 16 }}
    >
      <GroupFormFields autoFocus parentChoices={tree.data ?? []} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create group
        </Button>
      </Flex>
    </Form>
  );
}
