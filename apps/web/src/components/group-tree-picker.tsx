import { CaretDownFilled, PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import { Alert, Button, Checkbox, Flex, Skeleton, Tree, Typography } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { isNetworkError } from '../api/http.ts';
import { CreateGroupDialog } from '../features/groups/create-group-dialog.tsx';
import { GROUP_MESSAGES } from '../features/groups/group-messages.ts';
import {
  allGroupIds,
  membersText,
  parentGroupIds,
  toTreeData,
  type GroupTreeNode,
} from '../features/groups/group-tree-model.ts';
import { useGroupTree } from '../features/groups/use-group-tree.ts';
import { EmptyState } from './empty-state.tsx';

interface GroupTreePickerProps {
  /** The ids of the checked groups (a parent is in it when it and all its sub-groups are checked). */
  value: string[];
  /** Every checked id after a change: checking a parent adds its sub-groups, and the reverse. */
  onChange: (checkedIds: string[]) => void;
  /** Height of the tree in px; it scrolls (virtually) past it. Default: as tall as its rows. */
  height?: number;
  /** The accessible name of the tree; default 'Groups'. */
  label?: string;
}

/**
 * The group tree picker (spec 2.21, §4 'Group tree'; used by messaging and attendance): the
 * church's groups (GET /api/GetAllGroupBasicInformation) as a checkbox tree, expanded at first,
 * each with its member count; checking a parent checks its sub-groups and a partly checked parent
 * shows a dash. 'Select all' checks every group (a dash when only some are). 'Add new group'
 * opens the 450 px 'Create group' dialog; the new group appears in the tree, unchecked. Loading,
 * empty ('No groups yet') and error states. Keyboard: Tab to the tree, arrows to move, Right and
 * Left to open and close a group, Space to check.
 */
export function GroupTreePicker({ value, onChange, height, label = 'Groups' }: GroupTreePickerProps) {
  const tree = useGroupTree();
  const [creating, setCreating] = useState(false);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const forest = useMemo(() => tree.data ?? [], [tree.data]);
  const treeData = useMemo(() => toTreeData(forest), [forest]);
  const everyId = useMemo(() => allGroupIds(forest), [forest]);
  const expandedKeys = expanded ?? parentGroupIds(forest);

  const checked = new Set(value);
  const checkedCount = everyId.filter((id) => checked.has(id)).length;
  const allChecked = everyId.length > 0 && checkedCount === everyId.length;

  const addButton = (
    <Button
      type="link"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => setCreating(true)}
      style={{ paddingInline: 0 }}
    >
      Add new group
    </Button>
  );
  const dialog = (
    <CreateGroupDialog
      open={creating}
      onClose={() => setCreating(false)}
      onCreated={(_created, parentId) => {
        if (parentId !== null && !expandedKeys.includes(parentId)) setExpanded([...expandedKeys, parentId]);
      }}
    />
  );

  let body;
  if (tree.isPending) body = <Skeleton active title={false} paragraph={{ rows: 4 }} aria-label="Loading groups" />;
  else if (tree.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={isNetworkError(tree.error) ? MESSAGES.networkDisrupted : GROUP_MESSAGES.treeLoadFailed}
        action={
          <Button size="small" onClick={() => void tree.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else if (forest.length === 0) body = <EmptyState description={GROUP_MESSAGES.treeEmpty}>{addButton}</EmptyState>;
  else
    body = (
      <>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Checkbox
            checked={allChecked}
            indeterminate={checkedCount > 0 && !allChecked}
            // antd draws the dash only; assistive technology is told too.
            aria-checked={checkedCount > 0 && !allChecked ? 'mixed' : allChecked}
            onChange={(e) => onChange(e.target.checked ? everyId : [])}
          >
            Select all
          </Checkbox>
          {addButton}
        </Flex>
        <Tree<GroupTreeNode>
          aria-label={label}
          checkable
          selectable={false}
          // aria-hidden: the icon's own label ('caret-down') would become part of each group's name.
          switcherIcon={<CaretDownFilled aria-hidden />}
          blockNode
          treeData={treeData}
          checkedKeys={value}
          onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys)}
          height={height}
          titleRender={(node) => (
            <Flex justify="space-between" align="baseline" gap={8} wrap>
              <span>{node.group.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {membersText(node.group.peopleInGroupsCount)}
              </Typography.Text>
            </Flex>
          )}
          style={{ marginTop: 8 }}
        />
      </>
    );

  return (
    <div role="group" aria-label={`${label} picker`}>
      {body}
      {dialog}
    </div>
  );
}
