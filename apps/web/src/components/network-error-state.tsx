import { DisconnectOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's Result drawn in plain markup (issue 7 'Speed': Result brings ~10 KB gzip of status
 * illustrations no screen here shows): a 72 px icon in `iconColor`, a 24 px title and the
 * actions under it, centred, with Result's padding (48 px 32 px).
 */
export function PlainResult({
  icon,
  iconColor,
  title,
  extra,
}: {
  icon: ReactNode;
  iconColor: string;
  title: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ marginBottom: 24, fontSize: 72, lineHeight: 1, color: iconColor }}>{icon}</div>
      <div style={{ color: 'rgba(0,0,0,0.88)', fontSize: 24, lineHeight: 1.3333333333333333, marginBlock: 8 }}>
        {title}
      </div>
      {extra ? <div style={{ marginTop: 24 }}>{extra}</div> : null}
    </div>
  );
}

interface NetworkErrorStateProps {
  onRetry?: () => void;
}

/** The network-disruption screen of lists (spec §8): 'Oops, Your internet connection was disrupted'. */
export function NetworkErrorState({ onRetry }: NetworkErrorStateProps) {
  return (
    <div role="alert">
      <PlainResult
        icon={<DisconnectOutlined aria-hidden />}
        iconColor="#1677ff"
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
