import { ArrowLeftOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { createGroup, updateGroup } from '../../api/groups.ts';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { NetworkErrorState, PlainResult } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { GroupFormFields, showServerFieldErrors, type GroupFormValues } from './group-form-fields.tsx';
import { GROUP_MESSAGES } from './group-messages.ts';
import { useAddGroupToTree, useGroupDetail, useGroupTree, useReloadGroups } from './use-group-tree.ts';

const LIST_PATH = '/tenant/peoplegroups';

/** The groups page with `id` selected. */
const listWith = (id: string) => `${LIST_PATH}?group=${encodeURIComponent(id)}`;

/**
 * /tenant/createpeoplegroup (a new group; `?parentId=` preselects its parent) and
 * /tenant/createpeoplegroup/:groupId (rename and describe it), spec 2.21 and issue 8. Fields:
 * 'Group name' (required), 'Description', and for a new group 'Parent group'. Create posts
 * POST /api/CreateGroup ('Group created successfully'); edit puts PUT /api/Groups/{id} (the server's
 * 'Group updated successfully'). Both go back to the groups page with the group selected; Cancel
 * goes back unchanged. An unknown id shows 'This group does not exist'.
 */
export function GroupEditPage() {
  const { groupId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<GroupFormValues>();
  const tree = useGroupTree();
  const detail = useGroupDetail(groupId ?? null);
  const addToTree = useAddGroupToTree();
  const reload = useReloadGroups();
  const editing = Boolean(groupId);

  const save = useMutation({
    mutationFn: async (values: GroupFormValues) => {
      const description = values.description ?? null;
      if (groupId)
        return { id: groupId, text: (await updateGroup(groupId, { name: values.name, description })).response };
      const parentId = values.parentId ?? null;
      const created = await createGroup({ name: values.name, description, parentId });
      await addToTree(created, parentId);
      return { id: created.id, text: MESSAGES.groupCreated };
    },
    onSuccess: async ({ id, text }) => {
      toast.success(text);
      await reload();
      void navigate(listWith(id));
    },
    onError: (err) => {
      if (showServerFieldErrors(form, err)) return;
      const fallback = editing ? GROUP_MESSAGES.updateFailed : GROUP_MESSAGES.createFailed;
      toast.error(isNetworkError(err) ? MESSAGES.networkDisrupted : (serverMessageOf(err) ?? fallback));
    },
  });

  const back = () => void navigate(groupId ? listWith(groupId) : LIST_PATH);
  const header = (
    <PageHeader
      title={editing ? 'Edit group' : 'Create group'}
      subtitle={
        <Link to={LIST_PATH}>
          <ArrowLeftOutlined aria-hidden /> Groups
        </Link>
      }
    />
  );
  const withHeader = (content: ReactNode) => (
    <>
      {header}
      {content}
    </>
  );

  if ((editing && detail.isPending) || (!editing && tree.isPending)) return withHeader(<PageSkeleton rows={4} />);
  const failure = editing ? detail.error : tree.error;
  if (failure) {
    if (isNetworkError(failure))
      return withHeader(<NetworkErrorState onRetry={() => void (editing ? detail.refetch() : tree.refetch())} />);
    const notFound = failure instanceof HttpError && failure.status === 404;
    return withHeader(
      <div role="alert">
        <PlainResult
          icon={<ExclamationCircleOutlined aria-hidden />}
          iconColor="#faad14"
          title={notFound ? GROUP_MESSAGES.notFound : GROUP_MESSAGES.treeLoadFailed}
          extra={<Button onClick={() => void navigate(LIST_PATH)}>Back to Groups</Button>}
        />
      </div>,
    );
  }

  const initial: GroupFormValues = detail.data
    ? { name: detail.data.name, description: detail.data.description ?? '' }
    : { name: '', description: '', parentId: params.get('parentId') || null };
  return withHeader(
    <div style={{ maxWidth: 560 }}>
      <Form<GroupFormValues>
        key={detail.data?.id ?? 'new'}
        form={form}
        name="edit-group"
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
      >
        <GroupFormFields parentChoices={editing ? undefined : (tree.data ?? [])} />
        <Flex justify="flex-end" gap={8}>
          <Button onClick={back}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? 'Save' : 'Create group'}
          </Button>
        </Flex>
      </Form>
    </div>,
  );
}
