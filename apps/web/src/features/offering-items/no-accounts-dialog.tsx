import { MESSAGES } from '@steward/contracts/messages';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Shown when there are no income (or cash) accounts (spec 2.5): go to Chart of Account and
 * click 'Update Account'; button 'Go to Chart Of Accounts'.
 */
export function NoAccountsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(false);
  const close = () => {
    setDismissed(true);
    onClose();
  };
  return (
    <Modal
      open={open && !dismissed}
      title="Set up your accounts"
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        <Button key="go" type="primary" onClick={() => void navigate('/tenant/chartofaccount')}>
          Go to Chart Of Accounts
        </Button>,
      ]}
    >
      <p>{MESSAGES.noIncomeAccounts}</p>
    </Modal>
  );
}
