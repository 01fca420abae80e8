import { AppError } from '../../lib/errors.ts';

/** What the guard reads of a finance document (a `financial_transactions` row). */
export interface GuardedDocument {
  approved: boolean;
  transactionNumber: string;
}

/** The words of the refusal, for the screens and the tests. */
export const approvedDocumentMessage = (transactionNumber: string) =>
  `Transaction ${transactionNumber} is approved; unapprove it first to change or delete it`;

/**
 * An approved income, expense or journal is locked (spec 2.8 and §4 "Transaction approval";
 * issue 7): it can be neither edited nor deleted until it is unapproved. Call it on the row
 * just read `FOR UPDATE`, so an approval cannot slip in between the check and the change.
 * @throws AppError 409 `{status:false, response:'Transaction TRX-… is approved; unapprove it
 *   first…', returnObject:null}` when `doc.approved`.
 */
export function assertNotApproved(doc: GuardedDocument): void {
  if (doc.approved) throw new AppError(409, approvedDocumentMessage(doc.transactionNumber));
}
