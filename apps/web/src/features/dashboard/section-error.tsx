import { MESSAGES } from '@steward/contracts/messages';
import { Alert, Button } from 'antd';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';

interface SectionErrorProps {
  error: unknown;
  /** What could not be loaded, e.g. 'the attendance'. */
  what: string;
  onRetry: () => void;
}

/**
 * The error state of one dashboard section: the network-disruption text (spec §8) or the
 * server's message, with a retry button. The other sections keep working.
 */
export function SectionError({ error, what, onRetry }: SectionErrorProps) {
  const text = isNetworkError(error)
    ? MESSAGES.networkDisrupted
    : (serverMessageOf(error) ?? `We could not load ${what}. Please try again.`);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
