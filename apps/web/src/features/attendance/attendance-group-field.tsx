import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Input, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { GroupTreePicker } from '../../components/group-tree-picker.tsx';
import { useGroupTree } from '../groups/use-group-tree.ts';
import { groupSummary } from './attendance-form-model.ts';
import { chosenGroups, searchGroups, toggleGroup } from './attendance-group-model.ts';

interface AttendanceGroupFieldProps {
  /** the chosen groups' ids (antd Form.Item value) */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** the trigger's id, so that the Form.Item label points at it */
  id?: string;
  /** names of saved groups the tree may not hold (edit) */
  savedNames: ReadonlyMap<string, string>;
}

/**
 * The Group field of Add Attendance (spec 2.9, 2.21): a field showing up to two of the chosen
 * groups' names ('Choir, Youth +2 more'); pressed, it opens a panel under it with a search box
 * and the church's group tree (the shared GroupTreePicker: 'Select all', ticks that carry to
 * sub-groups, 'Add new group'). While a search is typed the panel lists the groups whose name
 * holds it, at any depth, each with its path, to tick there. 'Done' (or the field again) closes it.
 */
export function AttendanceGroupField({ value = [], onChange, id, savedNames }: AttendanceGroupFieldProps) {
  const tree = useGroupTree();
  const forest = useMemo(() => tree.data ?? [], [tree.data]);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const panelId = useId();
  const chosen = chosenGroups(forest, value, savedNames);
  const summary = groupSummary(chosen.map((g) => g.name));
  const matches = searchGroups(forest, search);
  const checked = new Set(value);

  return (
    <div className="attendance-groups">
      <button
        type="button"
        id={id}
        className={`attendance-groups-trigger${open ? ' attendance-groups-trigger-open' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        title={chosen.map((g) => g.name).join(', ')}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={summary ? 'attendance-groups-value' : 'attendance-groups-placeholder'}>
          {summary || 'Select groups'}
        </span>
        {open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
      </button>
      {open ? (
        <div id={panelId} role="region" aria-label="Choose groups" className="attendance-groups-panel">
          <Input
            allowClear
            autoFocus
            prefix={<SearchOutlined aria-hidden />}
            placeholder="Search groups"
            aria-label="Search groups"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 10 }}
          />
          {search.trim() ? (
            matches.length === 0 ? (
              <Typography.Text type="secondary" role="status">
                No group matches &lsquo;{search.trim()}&rsquo;
              </Typography.Text>
            ) : (
              <ul aria-label="Groups found" className="attendance-groups-found">
                {matches.map((m) => (
                  <li key={m.group.id}>
                    <Checkbox
                      checked={checked.has(m.group.id)}
                      onChange={(e) => onChange?.(toggleGroup(forest, value, m.group.id, e.target.checked))}
                    >
                      {m.path}
                    </Checkbox>
                  </li>
                ))}
              </ul>
            )
          ) : (
            <GroupTreePicker value={value} onChange={(ids) => onChange?.(ids)} height={280} />
          )}
          <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 10 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {chosen.length === 0 ? 'No group chosen' : `${chosen.length} chosen`}
            </Typography.Text>
            <Button size="small" type="primary" onClick={() => setOpen(false)}>
              Done
            </Button>
          </Flex>
        </div>
      ) : null}
    </div>
  );
}
