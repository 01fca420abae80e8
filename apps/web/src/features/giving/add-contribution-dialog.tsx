import { Modal } from 'antd';
import { OfferingItemForm, type SavedItem } from '../offering-items/offering-item-form.tsx';

/**
 * The 'Add Contribution' modal of the payment form (giving spec 2.2): the offering item form in
 * its dialog variant (name, income account, cash account, optional remittance splits; Save and
 * Close), as the offering recording screen uses it. `onSaved` gets the new item.
 */
export function AddContributionDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (item: SavedItem) => void;
}) {
  return (
    <Modal open={open} title="Add Contribution" onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <OfferingItemForm
        variant="dialog"
        onClose={onClose}
        onSaved={(item) => {
          onSaved(item);
          onClose();
        }}
      />
    </Modal>
  );
}
