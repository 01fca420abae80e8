import { Button, Result } from 'antd';

/** The auth guard's screen when GetCurrentSignedInUser fails with neither a 401 nor a network error. */
export function AccountLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="We could not load your account"
      subTitle={message}
      extra={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
