import type { z } from 'zod';
import type { ZRecipientCounts } from '@steward/contracts/messaging';

type Counts = z.output<typeof ZRecipientCounts>;

/** How a message's sending stands, as its progress bar shows it (sent lists and report page). */
export interface SendProgress {
  /** every recipient of the message */
  total: number;
  /** recipients still queued or sending */
  pending: number;
  /** recipients the message did not reach: failed, or reported undelivered by the gateway */
  failed: number;
  /** recipients past queued and sending, of all (0 to 100, rounded; 100 for none) */
  percent: number;
  /** recipients delivered, of all (0 to 100, rounded): the bar's green part */
  deliveredPercent: number;
  /**
   * The bar's state: 'active' while sending; 'exception' (red) only when every recipient failed;
   * otherwise 'normal', a finished message with some failures included (its failed count is
   * shown beside the bar instead).
   */
  status: 'active' | 'exception' | 'normal';
}

/**
 * The progress of a message from its counts by recipient status (issue 9: progress visible).
 * @param sending whether the message is still going out (the bar moves)
 */
export function sendProgress(c: Counts, sending: boolean): SendProgress {
  const total = c.queued + c.sending + c.sent + c.delivered + c.undelivered + c.failed;
  const pending = c.queued + c.sending;
  const failed = c.failed + c.undelivered;
  const percent = total === 0 ? 100 : Math.round(((total - pending) / total) * 100);
  const deliveredPercent = total === 0 ? 0 : Math.round((c.delivered / total) * 100);
  const status = sending ? 'active' : total > 0 && failed === total ? 'exception' : 'normal';
  return { total, pending, failed, percent, deliveredPercent, status };
}
