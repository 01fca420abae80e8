import { Modal } from 'antd';
import { OfferingItemForm, type SavedItem } from './offering-item-form.tsx';

interface OfferingItemDialogProps {
  open: boolean;
  onClose: () => void;
  /** The created item, e.g. to select it in the row that opened the dialog. */
  onSaved: (item: SavedItem) => void;
}

/**
 * The dialog variant of the offering item form (spec 2.5), used from the recording screen:
 * name, income account, cash account, optional remittance; Save and Close.
 */
export function OfferingItemDialog({ open, onClose, onSaved }: OfferingItemDialogProps) {
  return (
    <Modal open={open} title="Create New Offering Item" onCancel={onClose} footer={null} destroyOnHidden width={640}>
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
