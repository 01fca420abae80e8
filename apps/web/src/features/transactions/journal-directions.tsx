import type { TDocumentLine } from '@steward/contracts/register';
import { formatAmount } from '../../components/format-amount.ts';
import { debitsFirst } from './register-model.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A journal row's AMOUNT (issue 7): each line with its direction — 'Dr 1010 - Bank ₦1,000.00',
 * 'Cr 1000 - Cash ₦1,000.00' — instead of one green total, since a journal is neither money in
 * nor money out. While the lines load, the total shows in a neutral colour.
 */
export function JournalDirections({
  lines,
  total,
  currency,
  compact = false,
}: {
  lines: readonly TDocumentLine[] | undefined;
  total: number;
  currency: string;
  /** on a phone: the side and amount on one line, the account under it */
  compact?: boolean;
}) {
  if (!lines || lines.length === 0)
    return (
      <span data-testid="journal-total" style={NUMERIC}>
        {formatAmount(total, currency)}
      </span>
    );
  return (
    <ul aria-label="Journal lines" style={{ listStyle: 'none', margin: 0, padding: 0, textAlign: 'left' }}>
      {debitsFirst(lines).map((l, i) => (
        <li key={`${l.accountID}-${l.side}-${i}`} data-testid="journal-line" data-side={l.side}>
          <abbr
            title={l.side === 'debit' ? 'Debit' : 'Credit'}
            style={{ textDecoration: 'none', color: '#8c8c8c', display: 'inline-block', width: 22 }}
          >
            {l.side === 'debit' ? 'Dr' : 'Cr'}
          </abbr>{' '}
          {compact ? (
            <>
              <span style={NUMERIC}>{formatAmount(l.amount, currency)}</span>
              <div style={{ fontSize: 12, color: '#8c8c8c', overflowWrap: 'anywhere' }}>{l.account}</div>
            </>
          ) : (
            <>
              <span>{l.account}</span> <span style={NUMERIC}>{formatAmount(l.amount, currency)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
