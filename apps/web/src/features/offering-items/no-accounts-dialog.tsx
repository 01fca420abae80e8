import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CHART_PATH } from '../chart-of-accounts/chart-links.ts';
import { noAccountsGuidance, type MissingAccounts } from './offering-item-model.ts';

/**
 * Shown when the church has no income account or no cash/bank account yet (spec 2.5). Its
 * guidance names what is missing and the controls that are on the chart of accounts whatever
 * state it is in (issue 7, part 4): the tab and its 'Add a new Account' link, never 'Update
 * Account', which only shows when an account lacks a head. 'Go to Chart Of Accounts' opens the
 * chart on that tab (?tab=income or ?tab=assets).
 */
export function NoAccountsDialog({
  open,
  missing,
  onClose,
}: {
  open: boolean;
  missing: MissingAccounts;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(false);
  const close = () => {
    setDismissed(true);
    onClose();
  };
  const guidance = noAccountsGuidance(missing);
  return (
    <Modal
      open={open && !dismissed}
      title="Set up your accounts"
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        <Button key="go" type="primary" onClick={() => void navigate(`${CHART_PATH}?tab=${guidance.tab}`)}>
          Go to Chart Of Accounts
        </Button>,
      ]}
    >
      {guidance.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </Modal>
  );
}
