import type { Locator, Page } from '@playwright/test';
import { dialog } from './ui.ts';

/**
 * The approval and send section of the offering report (spec 2.6, §4 'Offering report'; issue 7):
 * the DRAFT notice with 'Approve report', then 'Unapprove' and the send section.
 */
export class ReportApprovalSection {
  readonly root: Locator;
  readonly approveButton: Locator;
  readonly unapproveButton: Locator;
  readonly approvedLabel: Locator;
  readonly sendRegion: Locator;
  readonly sendButton: Locator;
  readonly resendButton: Locator;
  readonly shareLinkButton: Locator;
  readonly markAsSentButton: Locator;
  readonly sentLabel: Locator;
  readonly shareLinkField: Locator;
  readonly shareCount: Locator;
  readonly withdrawButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: 'Approval' });
    this.approveButton = this.root.getByRole('button', { name: 'Approve report' });
    this.unapproveButton = this.root.getByRole('button', { name: 'Unapprove' });
    this.approvedLabel = page.getByTestId('report-approved');
    this.sendRegion = this.root.getByRole('region', { name: 'Send' });
    this.sendButton = this.sendRegion.getByRole('button', { name: 'Send Report', exact: true });
    this.resendButton = this.sendRegion.getByRole('button', { name: 'Resend Report', exact: true });
    this.shareLinkButton = this.sendRegion.getByRole('button', { name: 'Get share link' });
    this.markAsSentButton = this.sendRegion.getByRole('button', { name: 'mark as sent' });
    this.sentLabel = page.getByTestId('report-sent');
    this.shareLinkField = this.sendRegion.getByRole('textbox', { name: 'Share link' });
    this.shareCount = page.getByTestId('report-share-count');
    this.withdrawButton = this.sendRegion.getByRole('button', { name: 'Withdraw share links' });
  }

  /** The DRAFT notice, word for word. */
  draftNotice(): Locator {
    return this.root.getByText('This is a DRAFT report. You can take further actions once you approve it.');
  }

  /** The confirmation of a button that asks first ('Unapprove this report?', 'Withdraw the share links?'). */
  confirmation(title: string): Locator {
    return dialog(this.page, title);
  }
}

/** 'Send this report': tabs Email, SMS, Share link (spec 2.6, §4 'Send dialog'). */
export class ReportSendDialog {
  readonly root: Locator;
  readonly from: Locator;
  readonly subject: Locator;
  readonly editSubject: Locator;
  readonly message: Locator;
  readonly copyToMyself: Locator;
  readonly cancelButton: Locator;
  readonly previewButton: Locator;
  readonly sendButton: Locator;
  readonly error: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.root = dialog(page, 'Send this report');
    const panel = this.root.getByRole('tabpanel');
    this.from = panel.getByRole('textbox', { name: 'From' });
    this.subject = panel.getByRole('textbox', { name: 'Subject' });
    this.editSubject = panel.getByRole('button', { name: 'edit', exact: true });
    this.message = panel.getByRole('textbox', { name: 'Message' });
    this.copyToMyself = panel.getByRole('checkbox', { name: /^Send a copy to myself/ });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel', exact: true });
    this.previewButton = this.root.getByRole('button', { name: 'Preview', exact: true });
    // antd leaves its loading icon (aria-label 'loading') in the button when `loading` goes off
    // within one frame of going on (a request refused at once): its leave motion never ends, so
    // the name stays 'loading Send' although the button is no longer loading (seen in CI)
    this.sendButton = this.root.getByRole('button', { name: /^(loading )?Send$/ });
    this.error = this.root.getByRole('alert');
    this.notice = this.root.getByRole('status');
  }

  tab(name: 'Email' | 'SMS' | 'Share link'): Locator {
    return this.root.getByRole('tab', { name, exact: true });
  }

  to(n: number): Locator {
    return this.root.getByRole('tabpanel').getByRole('textbox', { name: `To ${n}`, exact: true });
  }

  addRecipient(n: number): Locator {
    return this.root
      .getByRole('tabpanel')
      .getByRole('button', { name: 'Add recipient' })
      .nth(n - 1);
  }

  removeRecipient(n: number): Locator {
    return this.root.getByRole('tabpanel').getByRole('button', { name: `Remove recipient ${n}` });
  }
}

/** /r/{token}: the read-only report a share link opens, without signing in (issue 7). */
export class SharedReportPage {
  readonly heading: Locator;
  readonly church: Locator;
  readonly event: Locator;
  readonly date: Locator;
  readonly total: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Offering Report', level: 1 });
    this.church = page.getByTestId('shared-church');
    this.event = page.getByTestId('shared-event');
    this.date = page.getByTestId('shared-date');
    this.total = page.getByTestId('shared-total');
    this.table = page.getByRole('table', { name: 'Offerings' });
  }

  /** The line of an offering item: its name and channel, and its figures in the church currency. */
  line(item: string, channel: string): Locator {
    return this.table.getByRole('row').filter({ hasText: item }).filter({ hasText: channel });
  }
}
