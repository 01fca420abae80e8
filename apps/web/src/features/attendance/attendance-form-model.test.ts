import { ZAttendanceSetupFields, type TAttendanceSetupDetail } from '@steward/contracts/attendance-setup';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  canSave,
  cutOffText,
  emptyValues,
  eventFromDetail,
  groupSummary,
  shortBankName,
  shortCurrencyLabel,
  toSetupFormData,
  usDashDate,
  valuesFromDetail,
} from './attendance-form-model.ts';

const event = { activityID: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Youth Camp', date: '2026-05-03' };
const groups = [
  { id: '0b6e1f7c-8a0e-4f0e-9d55-1c2b3d4e5f60', name: 'Choir' },
  { id: '1c7f2a8d-9b1f-4a1f-8e66-2d3c4e5f6a71', name: 'Children Church' },
];

/** The text fields of a FormData as a plain record (the banner left out). */
function fields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') out[k] = v;
  return out;
}

describe('canSave (spec §5)', () => {
  it('needs an event with an id and a name and at least one group', () => {
    expect(canSave(null, [groups[0]!.id])).toBe(false);
    expect(canSave(event, [])).toBe(false);
    expect(canSave({ ...event, name: ' ' }, [groups[0]!.id])).toBe(false);
    expect(canSave({ ...event, activityID: '' }, [groups[0]!.id])).toBe(false);
    expect(canSave(event, [groups[0]!.id])).toBe(true);
  });
});

describe('dates as the existing client sends them (existing-client-api §7c)', () => {
  it("writes activityDate as unpadded 'M-D-YYYY'", () => {
    expect(usDashDate('2026-05-03')).toBe('5-3-2026');
    expect(usDashDate('2026-11-23T00:00:00')).toBe('11-23-2026');
    expect(usDashDate('')).toBe('');
  });

  it("writes cut-offs as datetime-local 'YYYY-MM-DDTHH:mm'", () => {
    expect(cutOffText(dayjs('2026-05-03T09:05:41'))).toBe('2026-05-03T09:05');
    expect(cutOffText(null)).toBe('');
  });
});

describe('toSetupFormData (existing-client-api §4.1)', () => {
  it('sends a free set-up with only the fields that are set, and the contract reads them', () => {
    const values = {
      ...emptyValues(),
      checkinSMS: 'Welcome to {event}',
      checkInSMSSubject: 'GRACE',
      checkInCutOffTime: dayjs('2026-05-03T10:30'),
      registrationSlot: 120,
    };
    const body = fields(toSetupFormData({ values, event, groups, banner: null, timeZone: 'Africa/Lagos' }));
    expect(body).toEqual({
      activityId: event.activityID,
      activityDate: '5-3-2026',
      groupIDs: JSON.stringify(groups),
      enableRegistration: 'true',
      isPaidFor: 'false',
      registrationSlot: '120',
      checkinSMS: 'Welcome to {event}',
      checkInSMSSubject: 'GRACE',
      checkInCutOffTime: '2026-05-03T10:30',
      timeZone: 'Africa/Lagos',
    });
    const parsed = ZAttendanceSetupFields.parse(body);
    expect(parsed.groupIDs).toEqual(groups.map((g) => g.id));
    expect(parsed.registrationSlot).toBe(120);
    expect(parsed.isPaidFor).toBe(false);
  });

  it('adds the paid fields under Paid, the contribution item named after the event', () => {
    const values = {
      ...emptyValues(),
      isPaidFor: true,
      amount: '2500.50',
      bankCode: '058',
      accountNumber: ' 0123 456789 ',
      accountName: 'GRACE ASSEMBLY',
      incomeAccountId: '2d8a3b9e-0c2a-4b2a-9f77-3e4d5f6a7b82',
      cashAccountId: '3e9b4caf-1d3b-4c3b-8a88-4f5e6a7b8c93',
    };
    const body = fields(toSetupFormData({ values, event, groups, banner: null }));
    expect(body).toMatchObject({
      isPaidFor: 'true',
      amount: '2500.50',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE ASSEMBLY',
      incomeAccountId: values.incomeAccountId,
      cashAccountId: values.cashAccountId,
      contributionItemName: 'Youth Camp',
    });
    expect(ZAttendanceSetupFields.safeParse(body).success).toBe(true);
  });

  it('leaves the paid fields out under Free even when they were typed before', () => {
    const values = { ...emptyValues(), isPaidFor: false, amount: '100', bankCode: '058' };
    const body = fields(toSetupFormData({ values, event, groups, banner: null }));
    expect(body).not.toHaveProperty('amount');
    expect(body).not.toHaveProperty('bankCode');
    expect(body).not.toHaveProperty('contributionItemName');
  });

  it("edits with Id and sends emptied texts as '' so that they are cleared", () => {
    const id = '4fac5db0-2e4c-4d4c-9b99-5a6b7c8d9ea4';
    const body = fields(toSetupFormData({ values: emptyValues(), event, groups, banner: null, id }));
    expect(body.Id).toBe(id);
    expect(body.checkinSMS).toBe('');
    expect(body.details).toBe('');
    expect(body.checkInCutOffTime).toBe('');
    expect(body.registrationSlot).toBe('');
    const parsed = ZAttendanceSetupFields.parse({ ...body, id: body.Id });
    expect(parsed.registrationSlot).toBeNull();
  });

  it('attaches the banner as bannerPhoto with its name', () => {
    const banner = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'camp.png', { type: 'image/png' });
    const form = toSetupFormData({
      values: { ...emptyValues(), bannerName: 'Camp 2026' },
      event,
      groups,
      banner,
    });
    const file = form.get('bannerPhoto');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('camp.png');
    expect(form.get('bannerName')).toBe('Camp 2026');
  });
});

describe('the edit prefill (GetSingleAttendanceCheckIn)', () => {
  const detail: TAttendanceSetupDetail = {
    id: '4fac5db0-2e4c-4d4c-9b99-5a6b7c8d9ea4',
    attendanceCode: 'k3J9xQ',
    eventID: event.activityID,
    activityId: event.activityID,
    fullEventName: 'Youth Camp',
    eventDate: '2026-05-03T00:00:00',
    groups,
    groupID: groups[0]!.id,
    fullGroupName: 'Children Church, Choir',
    details: null,
    bannerUrl: null,
    bannerName: null,
    registrationSlot: 40,
    isPaidFor: true,
    amount: 2500.5,
    currency: 'NGN',
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: 'GRACE ASSEMBLY',
    incomeAccountId: null,
    cashAccountId: null,
    paymentFormId: null,
    contributionItemId: null,
    contributionItemName: 'Youth Camp',
    registrationSMS: null,
    registrationSMSSubject: null,
    registrationEmail: 'See you there',
    registrationEmailSubject: 'Registered',
    checkinSMS: null,
    checkInSMSSubject: null,
    checkinEmail: null,
    checkinEmailSubject: null,
    enableRegistration: true,
    registrationCutOffTime: null,
    checkInCutOffTime: '2026-05-03T09:30:00.000Z',
    createdAt: '2026-04-01T08:00:00.000Z',
  };

  it('fills the form from the set-up, and sends back what it read', () => {
    const values = valuesFromDetail(detail);
    expect(values.groupIds).toEqual(groups.map((g) => g.id));
    expect(values.amount).toBe('2500.5');
    expect(values.registrationEmail).toBe('See you there');
    expect(values.checkinSMS).toBe('');
    expect(values.checkInCutOffTime?.toISOString()).toBe('2026-05-03T09:30:00.000Z');
    expect(eventFromDetail(detail)).toEqual({ activityID: event.activityID, name: 'Youth Camp', date: '2026-05-03' });
  });
});

describe('short labels (spec 2.9, §5)', () => {
  it('shows up to two group names', () => {
    expect(groupSummary([])).toBe('');
    expect(groupSummary(['Choir'])).toBe('Choir');
    expect(groupSummary(['Choir', 'Youth'])).toBe('Choir, Youth');
    expect(groupSummary(['Choir', 'Youth', 'Ushers', 'Men'])).toBe('Choir, Youth +2 more');
  });

  it('cuts a bank name past 27 characters and a currency label past 15', () => {
    expect(shortBankName('Guaranty Trust Bank')).toBe('Guaranty Trust Bank');
    expect(shortBankName('First City Monument Bank Limited')).toBe('First City Monument Bank Li…');
    expect(shortCurrencyLabel('Nigerian Naira (NGN)')).toBe('Nigerian Naira ');
  });
});
