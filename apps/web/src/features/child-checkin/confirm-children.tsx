import { Alert, Button } from 'antd';

/**
 * The foot of a children check-in form (the door's family card, the family portal's event page):
 * the warning `noneText` when the form was sent with no child ticked, the error `error` of the
 * last try, and the primary button `label` (disabled while no child is ticked, loading while
 * `pending`), unless `withButton` is false. Rendered as siblings, inside the form's own Flex.
 */
export function ConfirmChildren(p: {
  showNone: boolean;
  noneText: string;
  error: string | null;
  ticked: number;
  label: string;
  pending: boolean;
  className: string;
  withButton?: boolean;
  onConfirm: () => void;
}) {
  return (
    <>
      {p.showNone ? <Alert type="warning" showIcon role="alert" title={p.noneText} /> : null}
      {p.error !== null ? <Alert type="error" showIcon role="alert" title={p.error} /> : null}
      {p.withButton === false ? null : (
        <Button
          type="primary"
          size="large"
          className={p.className}
          loading={p.pending}
          disabled={p.ticked === 0}
          onClick={p.onConfirm}
        >
          {p.label}
        </Button>
      )}
    </>
  );
}
