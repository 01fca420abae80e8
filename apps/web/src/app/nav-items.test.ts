import { describe, expect, it } from 'vitest';
import { openGroupOf, selectedNavPath } from './nav-items.tsx';

describe('selectedNavPath', () => {
  it('selects the longest matching entry, or the entry an alias names', () => {
    expect(selectedNavPath('/tenant/email/sent')).toBe('/tenant/email/sent');
    expect(selectedNavPath('/tenant/SMS/sent/')).toBe('/tenant/sms/sent');
    expect(selectedNavPath('/tenant/offeringreport/42')).toBe('/tenant/offering');
    expect(selectedNavPath('/tenant')).toBe('/tenant');
  });

  it("selects 'Attendance & Check-in' on Add Attendance and on the set-up's own pages", () => {
    expect(selectedNavPath('/tenant/addattendancecheckin')).toBe('/tenant/attendancecheckin');
    expect(selectedNavPath('/tenant/addAttendanceCheckin/0b6e1f7c-8a0e-4f0e-9d55-1c2b3d4e5f60')).toBe(
      '/tenant/attendancecheckin',
    );
    expect(selectedNavPath('/tenant/attendancecheckin/type')).toBe('/tenant/attendancecheckin');
    expect(selectedNavPath('/tenant/attendancecheckin/report/42')).toBe('/tenant/attendancecheckin');
    expect(openGroupOf('/tenant/addattendancecheckin', '/tenant/attendancecheckin')).toBe('attendance');
    // a longer path that only starts with the same letters is not the alias (Dashboard, as any /tenant path)
    expect(selectedNavPath('/tenant/addattendancecheckinx')).toBe('/tenant');
  });

  it("selects on a message's report the sent list its page names: Sent E-mails for an e-mail", () => {
    expect(selectedNavPath('/tenant/messages/5f0c', '/tenant/email/sent')).toBe('/tenant/email/sent');
    expect(selectedNavPath('/tenant/messages/5f0c', '/tenant/sms/sent')).toBe('/tenant/sms/sent');
  });

  it("selects nothing on a message's report until its page names its entry, and keeps Messaging open", () => {
    expect(selectedNavPath('/tenant/messages/5f0c')).toBeUndefined();
    expect(openGroupOf('/tenant/messages/5f0c', undefined)).toBe('messaging');
    expect(openGroupOf('/tenant/Messages/5f0c/', undefined)).toBe('messaging');
  });

  it("ignores a hint that is not an entry of the route's group, and hints on other routes", () => {
    expect(selectedNavPath('/tenant/messages/5f0c', '/tenant/offering')).toBeUndefined();
    expect(selectedNavPath('/tenant/email/sent', '/tenant/sms/sent')).toBe('/tenant/email/sent');
  });
});

describe('openGroupOf', () => {
  it('opens the group of the selected entry', () => {
    expect(openGroupOf('/tenant/transactions', '/tenant/transactions')).toBe('finance');
    expect(openGroupOf('/tenant', '/tenant')).toBeUndefined();
  });
});
