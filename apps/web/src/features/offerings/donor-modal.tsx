import { UserAddOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import type { TMemberSummary } from '@steward/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isNetworkError } from '../../api/http.ts';
import { searchMembers } from '../../api/people.ts';
import { memberKeys } from '../../api/query-keys.ts';
import type { RowDonor } from './offering-form-model.ts';
import { CreateMemberModal } from './create-member-modal.tsx';

/** Donor search needs 3 or more characters (spec §5, §9). */
const MIN_SEARCH = 3;
const DEBOUNCE_MS = 350;

function memberName(m: TMemberSummary): string {
  return m.name || m.nameResult || `${m.firstName} ${m.lastName}`.trim();
}

interface DonorModalProps {
  open: boolean;
  onClose: () => void;
  onSelect: (donor: RowDonor) => void;
}

/**
 * The Add Donor modal (spec 2.3): search members by name (3 or more characters, debounced),
 * results as name and phone; 'Add new donor' opens 'Create New Member'.
 */
export function DonorModal({ open, onClose, onSelect }: DonorModalProps) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const enabled = open && debounced.length >= MIN_SEARCH;
  const results = useQuery({
    queryKey: memberKeys.search(debounced),
    queryFn: ({ signal }) => searchMembers(debounced, signal),
    enabled,
  });

  const choose = (m: TMemberSummary) => {
    onSelect({ id: m.id, name: memberName(m) });
    setText('');
  };

  return (
    <Modal open={open} title="Add Donor" onCancel={onClose} footer={null} destroyOnHidden>
      <Input.Search
        autoFocus
        placeholder="Search member by name"
        aria-label="Search member by name"
        value={text}
        onChange={(e) => setText(e.target.value)}
        allowClear
      />
      <div style={{ minHeight: 180, marginTop: 12 }} aria-live="polite">
        {text.trim().length < MIN_SEARCH ? (
          <Typography.Text type="secondary">{MESSAGES.donorSearchTooShort}</Typography.Text>
        ) : !enabled || results.isPending ? (
          <Spin />
        ) : results.isError ? (
          <Typography.Text type="danger">
            {isNetworkError(results.error) ? MESSAGES.networkDisrupted : 'The search failed, please try again'}
          </Typography.Text>
        ) : results.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No member found" />
        ) : (
          <ul
            aria-label="Members found"
            style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 300, overflow: 'auto' }}
          >
            {results.data.map((m) => (
              <li key={m.id} style={{ borderBottom: '1px solid #f0f0f0' }}>
                <Button type="text" block onClick={() => choose(m)} style={{ height: 'auto', padding: '8px 12px' }}>
                  <span style={{ display: 'flex', justifyContent: 'space-between', gap: 12, width: '100%' }}>
                    <strong>{memberName(m)}</strong>
                    <Typography.Text type="secondary">{m.phone}</Typography.Text>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button icon={<UserAddOutlined aria-hidden />} onClick={() => setCreating(true)} style={{ marginTop: 12 }}>
        Add new donor
      </Button>
      <CreateMemberModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(m) => {
          setCreating(false);
          choose(m);
        }}
      />
    </Modal>
  );
}
