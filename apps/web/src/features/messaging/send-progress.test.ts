import { describe, expect, it } from 'vitest';
import { sendProgress } from './send-progress.ts';

const none = { queued: 0, sending: 0, sent: 0, delivered: 0, undelivered: 0, failed: 0 };

describe('sendProgress', () => {
  it('shows a finished message with some failures as finished, not as an error, with its failed count', () => {
    const p = sendProgress({ ...none, sent: 90, delivered: 8, failed: 1, undelivered: 1 }, false);
    expect(p).toEqual({ total: 100, pending: 0, failed: 2, percent: 100, deliveredPercent: 8, status: 'normal' });
  });

  it('is an exception only when every recipient failed', () => {
    expect(sendProgress({ ...none, failed: 3 }, false).status).toBe('exception');
    expect(sendProgress({ ...none, failed: 2, undelivered: 1 }, false).status).toBe('exception');
    expect(sendProgress({ ...none, failed: 2, sent: 1 }, false).status).toBe('normal');
  });

  it('moves while sending, even when the ones done so far all failed', () => {
    const p = sendProgress({ ...none, queued: 3, sending: 1, failed: 4 }, true);
    expect(p.status).toBe('active');
    expect(p.pending).toBe(4);
    expect(p.percent).toBe(50);
  });

  it('counts a message without recipients as done, not failed', () => {
    expect(sendProgress(none, false)).toEqual({
      total: 0,
      pending: 0,
      failed: 0,
      percent: 100,
      deliveredPercent: 0,
      status: 'normal',
    });
  });

  it('rounds the shares', () => {
    const p = sendProgress({ ...none, queued: 1, delivered: 2 }, true);
    expect(p.percent).toBe(67);
    expect(p.deliveredPercent).toBe(67);
  });
});
