import { formatAmount, type FormatAmountOptions } from './format-amount.ts';

interface MoneyTextProps extends FormatAmountOptions {
  /** Decimal amount in major units, as the API carries it. */
  amount: number;
  /** ISO 4217 code, e.g. 'NGN'. */
  currency: string;
  className?: string;
  strong?: boolean;
}

/** An amount formatted in its currency with thousands separators and symbol ('₦12,500.50'). */
export function MoneyText({ amount, currency, className, strong, ...opts }: MoneyTextProps) {
  const text = formatAmount(amount, currency, opts);
  const style = { fontVariantNumeric: 'tabular-nums' as const, whiteSpace: 'nowrap' as const };
  return strong ? (
    <strong className={className} style={style}>
      {text}
    </strong>
  ) : (
    <span className={className} style={style}>
      {text}
    </span>
  );
}
