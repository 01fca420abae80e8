import type { TDonationListItem } from '@steward/contracts/donations';
import { createPortal } from 'react-dom';
import { formatDate } from '../../components/dates.ts';
import { formatAmount } from '../../components/format-amount.ts';

const cell = { border: '1px solid #999', padding: '4px 8px', textAlign: 'left' as const };

/**
 * The print-only table of the donation screen (giving spec §3, §9): title 'DONATION
 * TRANSACTIONS', columns DATE, DONATION, AMOUNT, DONOR, at most 867px wide. Hidden on screen;
 * rendered beside the app root so that printing shows only this table.
 */
export function DonationsPrint({ rows }: { rows: TDonationListItem[] }) {
  return createPortal(
    <div className="print-only" aria-hidden>
      <div style={{ maxWidth: 867, fontFamily: 'Arial, sans-serif', fontSize: 12 }}>
        <h2 style={{ textAlign: 'center' }}>DONATION TRANSACTIONS</h2>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={cell}>DATE</th>
              <th style={cell}>DONATION</th>
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
