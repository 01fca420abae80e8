import { personalize } from '@steward/contracts/merge-fields';
import { smsCost, smsSegments } from '@steward/contracts/sms-segments';
import { Alert, Flex, Tag, Typography } from 'antd';
import { formatCount, plural, type RecipientEstimate } from './compose-model.ts';

/** The first name the counter fills {firstName} with when the message is personalised. */
export const SAMPLE_FIRST_NAME = 'Oluwaseun';

interface SmsCounterProps {
  text: string;
  personalized: boolean;
  churchName: string;
  recipients: RecipientEstimate;
  /** the church's SMS units; null while loading or when they could not be read */
  units: number | null;
}

/**
 * The live SMS counter (issue 9 'SMS': "An SMS shows its segment count (GSM-7 or UCS-2) and cost
 * in units before sending"): characters, encoding, segments and room left in the last one, then
 * the cost (segments x recipients, one unit per segment per recipient) against the church's
 * units. Counted with the same code the server charges with (contracts sms-segments); a
 * personalised text is counted as sent to a recipient named {@link SAMPLE_FIRST_NAME}.
 */
export function SmsCounter({ text, personalized, churchName, recipients, units }: SmsCounterProps) {
  const counted = personalized ? personalize(text, { name: SAMPLE_FIRST_NAME, churchName }) : text;
  const s = smsSegments(counted);
  const chars = Array.from(counted).length;
  const cost = recipients.count === null ? null : smsCost(s.segments, recipients.count);
  const short = cost !== null && units !== null && cost > units;

  return (
    <Flex vertical gap={6}>
      <div aria-live="polite" data-testid="sms-counter">
        <Flex gap={8} wrap align="center">
          <Typography.Text>{plural(chars, 'character')}</Typography.Text>
          <Tag color={s.encoding === 'GSM-7' ? 'blue' : 'orange'} style={{ marginInlineEnd: 0 }}>
            {s.encoding}
          </Tag>
          <Typography.Text strong>{plural(s.segments, 'segment')}</Typography.Text>
          {s.segments > 0 ? (
            <Typography.Text type="secondary">({formatCount(s.remaining)} left in this segment)</Typography.Text>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {s.encoding === 'GSM-7'
            ? `Up to 160 characters in one SMS, 153 per segment beyond.`
            : `A character outside the GSM alphabet (e.g. an emoji or a curly quote) makes the SMS UCS-2: 70 characters in one SMS, 67 per segment beyond.`}
          {personalized ? ` Counted as sent to ${SAMPLE_FIRST_NAME}; longer names may need more.` : ''}
        </Typography.Text>
      </div>
      <div data-testid="sms-cost">
        <Typography.Text>
          Cost:{' '}
          {cost === null ? (
            'counting recipients…'
          ) : (
            <strong>
              {recipients.atMost ? 'at most ' : ''}
              {plural(cost, 'unit')}
            </strong>
          )}
          {cost !== null ? ` (${plural(s.segments, 'segment')} × ${plural(recipients.count ?? 0, 'recipient')})` : ''}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="sms-units">
          Your SMS units: {units === null ? '…' : formatCount(units)}
        </Typography.Text>
      </div>
      {short ? (
        <Alert
          type="warning"
          showIcon
          title={`Not enough SMS units: this message needs ${recipients.atMost ? 'up to ' : ''}${formatCount(cost)} and the church has ${formatCount(units)}`}
        />
      ) : null}
    </Flex>
  );
}
