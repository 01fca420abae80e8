import {
  REGISTRATION_PAYMENT_LABELS,
  type TAttendancePerson,
  type TPersonRegistration,
} from '@steward/contracts/attendance-marking';
import { formatMoney } from '@steward/money/format';
import { parseAmount } from '@steward/money/parse';
import { Tag, Typography } from 'antd';

/*
 * A report person's registration (issue 12 'Admin'): who registered a ward ('Ward of <name>')
 * and how the registration stands with its fee (Paid / Unpaid / Pending payment with the amount
 * in the church currency, or Free).
 */

const PAYMENT_COLOR: Record<TPersonRegistration['payment'], string | undefined> = {
  paid: 'green',
  unpaid: 'red',
  pending: 'gold',
  free: undefined,
};

/** The amount of a registration as text ('₦5,000.00'), or '' when none. */
export function registrationAmountText(r: Pick<TPersonRegistration, 'amount' | 'currency'>): string {
  if (r.amount === null || !r.currency) return '';
  try {
    return formatMoney(parseAmount(r.amount, r.currency), r.currency);
  } catch {
    return `${r.currency} ${r.amount}`;
  }
}

/** 'Ward of Adaeze Okafor' under a ward's name; nothing for a registrant or someone not registered. */
export function WardOf({ person }: { person: TAttendancePerson }) {
  const r = person.registration;
  if (!r?.registeredById) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-ward-of>
      {`Ward of ${r.registeredByName || 'another registrant'}`}
    </Typography.Text>
  );
}

/**
 * The REGISTERED cell: 'No' when not registered, else a tag 'Paid ₦5,000.00', 'Unpaid
 * ₦5,000.00', 'Pending payment ₦5,000.00' or 'Free' (a ward covered by their registrant's
 * payment shows 'Paid' alone). `compact` (phone) shows only the tag, nothing when not registered.
 */
export function RegistrationTag({ person, compact = false }: { person: TAttendancePerson; compact?: boolean }) {
  const r = person.registration;
  if (!r) return compact ? null : <span>No</span>;
  const amount = registrationAmountText(r);
  const label = REGISTRATION_PAYMENT_LABELS[r.payment];
  const text = r.payment === 'free' ? 'Registered' : amount ? `${label} ${amount}` : label;
  return (
    <Tag color={PAYMENT_COLOR[r.payment] ?? 'purple'} data-registration={r.payment} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
}
