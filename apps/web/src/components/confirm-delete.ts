import { MESSAGES, TOAST_SECONDS } from '@steward/contracts/messages';
import { App } from 'antd';
import { useCallback } from 'react';

interface ConfirmDeleteOptions {
  /** Runs on OK; the dialog shows a spinner on OK until it settles. */
  onConfirm: () => Promise<unknown>;
  /** Info toast on Cancel: 'Rejected' (offerings, transactions) or 'Delete canceled' (others), spec §5. */
  cancelMessage: string;
  /** The question asked; default 'Are you sure you want to proceed?' (settings: 'Are you sure you want to Delete?'). */
  text?: string;
}

/**
 * Every delete asks first (spec §5): title 'Confirm delete', text 'Are you sure you want to
 * proceed?' (or `text`), OK and Cancel; Cancel shows an info toast for 5 s.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return useCallback(
    ({ onConfirm, cancelMessage, text }: ConfirmDeleteOptions) => {
      modal.confirm({
        title: MESSAGES.confirmDeleteTitle,
        content: text ?? MESSAGES.confirmDeleteText,
        okText: 'OK',
        cancelText: 'Cancel',
        okButtonProps: { danger: true },
        onOk: async () => {
          await onConfirm().catch(() => undefined);
        },
        onCancel: () => {
          void message.info(cancelMessage, TOAST_SECONDS.cancel);
        },
      });
    },
    [modal, message],
  );
}
