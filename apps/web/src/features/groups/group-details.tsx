import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { TGroupNode } from '@steward/contracts/groups';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { membersText, subGroupsText } from './group-tree-model.ts';
import { useGroupDetail } from './use-group-tree.ts';

interface GroupDetailsProps {
  group: TGroupNode;
  /** The groups above it, top level first (empty for a top-level group). */
  ancestors: TGroupNode[];
  onAddSubGroup: () => void;
  onMove: () => void;
  onDelete: () => void;
}

/**
 * The selected group on the groups page (issue 8): its name, description, parent (the path from the
 * top), members (people directly in it), sub-groups (direct, and all levels when deeper), from
 * GET /api/Groups/{id} (the tree's node while it loads). Actions: 'Edit' (the page
 * /tenant/createpeoplegroup/{id}: rename, description), 'Add sub-group' (the 'Create group' dialog
 * under it), 'Move' and 'Delete'.
 */
export function GroupDetails({ group, ancestors, onAddSubGroup, onMove, onDelete }: GroupDetailsProps) {
  const navigate = useNavigate();
  const detail = useGroupDetail(group.id);
  const members = detail.data?.peopleInGroupsCount ?? group.peopleInGroupsCount;
  const direct = detail.data?.childrenCount ?? group.children.length;
  const all = detail.data?.descendantsCount;
  const description = detail.data ? detail.data.description : group.description;

  return (
    <Card
      role="region"
      aria-labelledby="group-details-title"
      title={
        <Typography.Title id="group-details-title" level={2} style={{ fontSize: 18, margin: 0 }} ellipsis>
          {group.name}
        </Typography.Title>
      }
    >
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 120 } }}
        items={[
          {
            key: 'description',
            label: 'Description',
            children: description ?? <Typography.Text type="secondary">None</Typography.Text>,
          },
          {
            key: 'parent',
            label: 'Parent group',
            children: ancestors.length > 0 ? ancestors.map((g) => g.name).join(' › ') : 'Top level',
          },
          { key: 'members', label: 'Members', children: membersText(members) },
          {
            key: 'subgroups',
            label: 'Sub-groups',
            children:
              all !== undefined && all > direct
                ? `${subGroupsText(direct)} (${all} at all levels)`
                : subGroupsText(direct),
          },
        ]}
      />
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Button
          icon={<EditOutlined aria-hidden />}
          onClick={() => void navigate(`/tenant/createpeoplegroup/${group.id}`)}
        >
          Edit
        </Button>
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAddSubGroup}>
          Add sub-group
        </Button>
        <Button icon={<SwapOutlined aria-hidden />} onClick={onMove}>
          Move
        </Button>
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onDelete}>
          Delete
        </Button>
      </Flex>
    </Card>
  );
}

/** The details column when no group is selected. */
export function NoGroupSelected() {
  return (
    <Card>
      <Flex vertical align="center" gap={8} style={{ padding: '24px 0', textAlign: 'center' }}>
        <ApartmentOutlined aria-hidden style={{ fontSize: 32, color: '#8c8c8c' }} />
        <Typography.Text type="secondary">Select a group to see its details, edit, move or delete it.</Typography.Text>
      </Flex>
    </Card>
  );
}
