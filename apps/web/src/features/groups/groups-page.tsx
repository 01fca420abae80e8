import { MinusSquareOutlined, PlusOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { TGroupNode } from '@steward/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Grid, Row, Tabs, Tree, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { moveGroup } from '../../api/groups.ts';
import { isNetworkError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { GroupTreePicker } from '../../components/group-tree-picker.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { CreateGroupDialog } from './create-group-dialog.tsx';
import { GroupDetails, NoGroupSelected } from './group-details.tsx';
import { GROUP_MESSAGES } from './group-messages.ts';
import {
  allGroupIds,
  findGroup,
  groupPath,
  membersText,
  parentGroupIds,
  toTreeData,
  type GroupTreeNode,
} from './group-tree-model.ts';
import { MoveGroupDialog, moveRefusalText } from './move-group-dialog.tsx';
import { useGroupDelete } from './use-group-delete.ts';
import { useGroupTree, useReloadGroups } from './use-group-tree.ts';
import './groups-page.css';

/** The parent id of group `id` in the forest (null at the top level or when it is not there). */
function parentIdOf(forest: readonly TGroupNode[], id: string): string | null {
  const path = groupPath(forest, id);
  return path.length > 1 ? (path[path.length - 2]?.id ?? null) : null;
}

/**
 * /tenant/peoplegroups, 'Groups' (spec 2.21, §4 'Group tree'; issue 8). Tab 'Manage groups': the
 * church's group tree (expandable, each group with its member count) beside the selected group's
 * details and actions (Edit, Add sub-group, Move, Delete); the selection is kept in `?group=`.
 * 'Add new group' opens the 450 px 'Create group' dialog (under the selected group when one is
 * selected; the dialog lets the user change it). A group can also be dragged onto another group
 * (child of it) or between groups (sibling); the Move dialog does the same by keyboard.
 * Tab 'Select groups': the checkbox tree picker that messaging and attendance use.
 * States: loading skeleton, network error with retry, 'No groups yet' with 'Add new group'.
 */
export function GroupsPage() {
  const tree = useGroupTree();
  const toast = useToast();
  const reload = useReloadGroups();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('group');
  const [creatingUnder, setCreatingUnder] = useState<string | null | undefined>(undefined);
  const [moving, setMoving] = useState<TGroupNode | null>(null);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const detailsRef = useRef<HTMLDivElement>(null);
  const screens = Grid.useBreakpoint();

  const forest = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(forest), [forest]);
  const expandedKeys = expanded ?? parentGroupIds(forest);
  const selected = selectedId ? findGroup(forest, selectedId) : null;
  const ancestors = selectedId ? groupPath(forest, selectedId).slice(0, -1) : [];

  const select = useCallback(
    (id: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('group', id);
          else next.delete('group');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const expand = (id: string | null) => {
    if (id !== null && !expandedKeys.includes(id)) setExpanded([...expandedKeys, id]);
  };
  const removeGroup = useGroupDelete(
    useCallback((id: string) => (id === selectedId ? select(null) : undefined), [selectedId, select]),
  );

  // On a phone the details are under the tree: bring them into view when a group is chosen.
  useEffect(() => {
    if (selectedId) detailsRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  const dragMove = useMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) => moveGroup(id, parentId),
    onSuccess: async (res, { parentId }) => {
      toast.success(res.response);
      expand(parentId);
      await reload();
    },
    onError: (err) => toast.error(moveRefusalText(err)),
  });

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreatingUnder(selected?.id ?? null)}>
      Add new group
    </Button>
  );
  const header = <PageHeader title="Groups" actions={tree.isSuccess && forest.length > 0 ? addButton : null} />;
  const dialogs = (
    <>
      <CreateGroupDialog
        open={creatingUnder !== undefined}
        defaultParentId={creatingUnder ?? null}
        onClose={() => setCreatingUnder(undefined)}
        onCreated={(created, parentId) => {
          expand(parentId);
          select(created.id);
        }}
      />
      <MoveGroupDialog
        group={moving}
        currentParentId={moving ? parentIdOf(forest, moving.id) : null}
        forest={forest}
        onClose={() => setMoving(null)}
        onMoved={expand}
      />
    </>
  );
  const page = (content: ReactNode) => (
    <>
      {header}
      {content}
      {dialogs}
    </>
  );

  if (tree.isPending) return page(<PageSkeleton />);
  if (tree.isError)
    return page(
      isNetworkError(tree.error) ? (
        <NetworkErrorState onRetry={() => void tree.refetch()} />
      ) : (
        <EmptyState description={GROUP_MESSAGES.treeLoadFailed} />
      ),
    );
  if (forest.length === 0) return page(<EmptyState description={GROUP_MESSAGES.treeEmpty}>{addButton}</EmptyState>);

  const manage = (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={11}>
        <Card size="small" styles={{ body: { padding: 8 } }}>
          <Tree<GroupTreeNode>
            aria-label="Group tree"
            className="groups-tree"
            blockNode
            showLine
            // aria-hidden: the icons' own labels would become part of each group's name.
            switcherIcon={({ expanded: open }) =>
              open ? <MinusSquareOutlined aria-hidden /> : <PlusSquareOutlined aria-hidden />
            }
            treeData={treeData}
            selectedKeys={selectedId ? [selectedId] : []}
            onSelect={(_keys, info) => select(String(info.node.key))}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            draggable={{ icon: false }}
            onDrop={(info) => {
              const id = String(info.dragNode.key);
              const target = String(info.node.key);
              const parentId = info.dropToGap ? parentIdOf(forest, target) : target;
              if (parentId !== parentIdOf(forest, id)) dragMove.mutate({ id, parentId });
            }}
            titleRender={(node) => (
              <Flex justify="space-between" align="baseline" gap={8} wrap style={{ paddingBlock: 2 }}>
                <span>{node.group.name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {membersText(node.group.peopleInGroupsCount)}
                </Typography.Text>
              </Flex>
            )}
          />
        </Card>
        {screens.md ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
            Drag a group onto another to put it under it, or select it and use Move.
          </Typography.Paragraph>
        ) : null}
      </Col>
      <Col xs={24} lg={13}>
        <div ref={detailsRef} style={{ scrollMarginTop: 72 }}>
          {selected ? (
            <GroupDetails
              key={selected.id}
              group={selected}
              ancestors={ancestors}
              onAddSubGroup={() => setCreatingUnder(selected.id)}
              onMove={() => setMoving(selected)}
              onDelete={() => removeGroup(selected)}
            />
          ) : (
            <NoGroupSelected />
          )}
        </div>
      </Col>
    </Row>
  );
  const everyId = allGroupIds(forest);
  const pick = (
    <div style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">
        The picker used to choose groups for messages and attendance: checking a group checks its sub-groups.
      </Typography.Paragraph>
      <Card size="small">
        <GroupTreePicker value={picked} onChange={setPicked} height={420} />
      </Card>
      <Typography.Paragraph role="status" style={{ marginTop: 8 }}>
        {picked.filter((id) => everyId.includes(id)).length} of {everyId.length} groups selected
      </Typography.Paragraph>
    </div>
  );

  return page(
    <Tabs
      items={[
        { key: 'manage', label: 'Manage groups', children: manage },
        { key: 'select', label: 'Select groups', children: pick },
      ]}
    />,
  );
}
