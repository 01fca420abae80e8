import { GIVING_MESSAGES, type TPaymentGateway } from '@steward/contracts/giving';
import { Alert, Button, Checkbox, Flex, Skeleton, Typography } from 'antd';
import type { ChosenGateway } from './payment-form-model.ts';

interface GatewayChoicesProps {
  /** The gateways offered (already filtered to Paystack and FlutterWave). */
  gateways: TPaymentGateway[];
  chosen: ChosenGateway[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onToggle: (gateway: TPaymentGateway, checked: boolean) => void;
}

/**
 * The payment gateway checkboxes of a payment form (giving spec 2.2, §4): one per gateway,
 * labelled with its name, the countries it covers under it, and the FlutterWave subaccount the
 * form settles into once one is chosen. A failed load says 'Please ensure you have a strong
 * internet connection and reload the page' with a retry.
 */
export function GatewayChoices({ gateways, chosen, loading, failed, onRetry, onToggle }: GatewayChoicesProps) {
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (failed)
    return (
      <Alert
        type="warning"
        showIcon
        title={GIVING_MESSAGES.gatewayLoadFailed}
        action={
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  return (
    <Flex vertical gap={10} role="group" aria-label="Payment gateways">
      {gateways.map((g) => {
        const pick = chosen.find((c) => c.paymentGateWayID === g.id);
        return (
          <div key={g.id}>
            <Checkbox checked={pick !== undefined} onChange={(e) => onToggle(g, e.target.checked)}>
              {g.name}
            </Checkbox>
            <div style={{ paddingInlineStart: 24 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {g.countryCoverageArea}
              </Typography.Text>
              {pick?.subAccountID ? (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="subaccount">
                    {`Settles into subaccount ${pick.subAccountID}`}
                  </Typography.Text>
                </div>
              ) : null}
            </div>
          </div>
        );
      })}
    </Flex>
  );
}
