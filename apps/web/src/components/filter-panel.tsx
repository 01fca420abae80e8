import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';

interface FilterPanelProps {
  open: boolean;
  onApply: () => void;
  onClear: () => void;
  onHide: () => void;
  children: ReactNode;
}

/**
 * The filter panel of the lists (spec 2.1, 2.4): fields, then Apply, Clear all, Hide. Drawn as
 * antd's small Card in plain markup: Card brings Tabs, ~14 KB gzip (issue 7 'Speed').
 */
export function FilterPanel({ open, onApply, onClear, onHide, children }: FilterPanelProps) {
  if (!open) return null;
  return (
    <div
      role="region"
      aria-label="Filter"
      style={{ marginBottom: 16, padding: 12, background: '#fff', border: '1px solid #f0f0f0', borderRadius: 10 }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onApply();
        }}
      >
        <Flex gap={12} wrap align="flex-end">
          {children}
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit">
              Apply
            </Button>
            <Button onClick={onClear}>Clear all</Button>
            <Button type="text" onClick={onHide}>
              Hide
            </Button>
          </Flex>
        </Flex>
      </form>
    </div>
  );
}

/** A labelled text field of a filter panel. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 200 }}>
      <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{label}</span>
      {children}
    </label>
  );
}
