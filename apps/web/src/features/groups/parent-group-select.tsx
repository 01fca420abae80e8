import type { TGroupNode } from '@steward/contracts/groups';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';

/** The option value standing for "no parent" (antd TreeSelect needs a value; the API takes null). */
const TOP_LEVEL = '__top_level__';
export const TOP_LEVEL_LABEL = 'Top level (no parent)';

interface ParentOption {
  value: string;
  title: string;
  children?: ParentOption[];
}

function toOptions(forest: readonly TGroupNode[]): ParentOption[] {
  return forest.map((node) => ({ value: node.id, title: node.name, children: toOptions(node.children) }));
}

interface ParentGroupSelectProps {
  /** The groups to choose from (the tree of GET /api/GetAllGroupBasicInformation). */
  forest: readonly TGroupNode[];
  /** The chosen parent's id; null = the top level. */
  value?: string | null;
  onChange?: (parentId: string | null) => void;
  id?: string;
  'aria-label'?: string;
}

/**
 * A parent-group picker for creating and moving groups (spec 2.21): the whole tree expanded, with
 * 'Top level (no parent)' first; searchable by name and usable by keyboard (type, arrows, Enter).
 * Fits antd Form.Item (value / onChange).
 */
export function ParentGroupSelect({
  forest,
  value = null,
  onChange,
  id,
  'aria-label': ariaLabel,
}: ParentGroupSelectProps) {
  const treeData = useMemo<ParentOption[]>(
    () => [{ value: TOP_LEVEL, title: TOP_LEVEL_LABEL }, ...toOptions(forest)],
    [forest],
  );
  return (
    <TreeSelect
      id={id}
      aria-label={ariaLabel}
      value={value ?? TOP_LEVEL}
      onChange={(next: string | undefined) => onChange?.(next === undefined || next === TOP_LEVEL ? null : next)}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      listHeight={280}
      style={{ width: '100%' }}
      popupMatchSelectWidth
    />
  );
}
