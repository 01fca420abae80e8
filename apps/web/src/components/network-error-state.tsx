import { DisconnectOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import { Button, Result } from 'antd';

interface NetworkErrorStateProps {
  onRetry?: () => void;
}

/** The network-disruption screen of lists (spec §8): 'Oops, Your internet connection was disrupted'. */
export function NetworkErrorState({ onRetry }: NetworkErrorStateProps) {
  return (
    <div role="alert">
      <Result
        icon={<DisconnectOutlined aria-hidden />}
        title={MESSAGES.networkDisrupted}
        extra={
          onRetry ? (
            <Button type="primary" onClick={onRetry}>
              Try again
            </Button>
          ) : null
        }
      />
    </div>
  );
}
