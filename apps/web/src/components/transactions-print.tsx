import { createPortal } from 'react-dom';
import { formatDate } from './dates.ts';
import { formatAmount } from './format-amount.ts';

const cell = { border: '1px solid #999', padding: '4px 8px', textAlign: 'left' as const };

/** What a printed row needs: an offering or a donation list item both satisfy it. */
export interface PrintableTransaction {
  id: string;
  /** ISO date */
  date: string;
  /** the offering or donation item's name */
  contribution: string;
  /** decimal amount in major units, as the API JSON carries it */
  amount: number;
  /** ISO 4217 code */
  currencyName: string;
  donor: string;
}

interface TransactionsPrintProps {
  /** the heading, e.g. 'OFFERING TRANSACTIONS' (spec 2.1) or 'DONATION TRANSACTIONS' (giving spec §3) */
  title: string;
  /** the second column's heading, e.g. 'OFFERING' or 'DONATION' */
  itemLabel: string;
  rows: PrintableTransaction[];
}

/**
 * The print-only table of the offerings list (spec 2.1) and of the donation screen (giving spec
 * §3, §9): `title`, then columns DATE, `itemLabel`, AMOUNT, DONOR, at most 867px wide. Hidden on
 * screen; rendered beside the app root so that printing shows only this table.
 */
export function TransactionsPrint({ title, itemLabel, rows }: TransactionsPrintProps) {
  return createPortal(
    <div className="print-only" aria-hidden>
      <div style={{ maxWidth: 867, fontFamily: 'Arial, sans-serif', fontSize: 12 }}>
        <h2 style={{ textAlign: 'center' }}>{title}</h2>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={cell}>DATE</th>
              <th style={cell}>{itemLabel}</th>
              <th style={cell}>AMOUNT</th>
              <th style={cell}>DONOR</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td style={cell}>{formatDate(r.date)}</td>
                <td style={cell}>{r.contribution}</td>
                <td style={cell}>{formatAmount(r.amount, r.currencyName)}</td>
                <td style={cell}>{r.donor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>,
    document.body,
  );
}
