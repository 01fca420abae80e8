import type {
  AttributeData,
  RegistrationEvent,
  RegistrationField,
  RegistrationPerson,
} from '../../api/event-registration.ts';

/*
 * The pure parts of the registration page (spec 2.12, §4, §5; existing-client-api §5.1): the
 * query flags, dates, the calendar links, the registration body. Unit-tested beside.
 */

/** The optional fields a link asks for (query key = 'true', keys read case-insensitively). */
export interface Flags {
  cardNumber: boolean;
  address: boolean;
  gender: boolean;
  maritalStatus: boolean;
  birthday: boolean;
  wedding: boolean;
}

/**
 * Reads the query flags of §5.1: 'Card/Checkin Number', 'Address', 'Gender', 'Marital Status',
 * 'Birthday', 'Wedding' with the value 'true' (the existing client compares the keys lowercased).
 */
export function readFlags(q: URLSearchParams): Flags {
  const on = new Set<string>();
  q.forEach((value, key) => {
    if (value.toLowerCase() === 'true') on.add(key.trim().toLowerCase());
  });
  return {
    cardNumber: on.has('card/checkin number') || on.has('cardnumber') || on.has('checkinnumber'),
    address: on.has('address'),
    gender: on.has('gender'),
    maritalStatus: on.has('marital status') || on.has('maritalstatus'),
    birthday: on.has('birthday'),
    wedding: on.has('wedding'),
  };
}

/** The event's day 'YYYY-MM-DD…' as MM/DD/YYYY (spec §9), without a time-zone shift. */
export function eventDay(eventDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(eventDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : eventDate;
}

/** Whether registration is closed at `now` (spec §4: closed at or after the cut-off; none = open). */
export function isClosed(
  event: Pick<RegistrationEvent, 'registrationCutOffTime' | 'isClosed'>,
  now = Date.now(),
): boolean {
  if (event.isClosed) return true;
  if (!event.registrationCutOffTime) return false;
  const t = new Date(event.registrationCutOffTime).getTime();
  return Number.isFinite(t) && now >= t;
}

/** 'YYYYMMDD' of the event's day and of the day after (an all-day calendar entry). */
function allDay(eventDate: string): { start: string; end: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(eventDate);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const next = new Date(d.getTime() + 86_400_000);
  const f = (x: Date) => x.toISOString().slice(0, 10).replace(/-/g, '');
  return { start: f(d), end: f(next) };
}

/**
 * The 'Add to Calendar' links (issue 12): Google Calendar's and Outlook's event templates for an
 * all-day entry on the event's day, titled with its name, the page's address in the details.
 */
export function calendarLinks(
  event: Pick<RegistrationEvent, 'fullEventName' | 'eventDate' | 'eventDetails'>,
  pageUrl: string,
): { google: string; outlook: string } | null {
  const day = allDay(event.eventDate);
  if (!day) return null;
  const details = [event.eventDetails ?? '', pageUrl].filter(Boolean).join('\n\n');
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.fullEventName,
    dates: `${day.start}/${day.end}`,
    details,
  });
  const iso = (s: string) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.fullEventName,
    startdt: iso(day.start),
    enddt: iso(day.end),
    allday: 'true',
    body: details,
  });
  return {
    google: `https://calendar.google.com/calendar/render?${google.toString()}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook.toString()}`,
  };
}

/** What the visitor typed or picked (numbers as text: '' = none). */
export interface Details {
  cardNumber: string;
  name: string;
  email: string;
  address: string;
  birthDay: string;
  birthMonth: string;
  weddingDay: string;
  weddingMonth: string;
  weddingYear: string;
  maritalStatusId: string;
  genderId: string;
  answers: Record<string, string>;
}

export const EMPTY_DETAILS: Details = {
  cardNumber: '',
  name: '',
  email: '',
  address: '',
  birthDay: '',
  birthMonth: '',
  weddingDay: '',
  weddingMonth: '',
  weddingYear: '',
  maritalStatusId: '',
  genderId: '',
  answers: {},
};

const num = (s: string): number | null => (s === '' ? null : Number(s));

/**
 * The body of POST /EventRegistration for the registering person (§5.1): a found person by
 * `personId` (locked fields are not sent back: they are masked), a new one with the name split
 * at its first space; the custom answers of entity 4 that are not empty.
 */
export function personBody(
  d: Details,
  personId: string | null,
  locked: { name: boolean; email: boolean; address: boolean },
  phone: string,
  fields: RegistrationField[],
): { person: RegistrationPerson; customAttributeData: AttributeData[] } {
  const name = d.name.trim();
  const space = name.indexOf(' ');
  const person: RegistrationPerson = {
    personId,
    mobilePhone: phone.trim(),
    monthOfBirth: num(d.birthMonth),
    dayOfBirth: num(d.birthDay),
    maritalStatusID: num(d.maritalStatusId),
    genderID: num(d.genderId),
    yearOfWedding: num(d.weddingYear),
    monthOfWedding: num(d.weddingMonth),
    dayOfWedding: num(d.weddingDay),
  };
  if (!locked.name && name) {
    person.firstName = space < 0 ? name : name.slice(0, space);
    person.lastName = space < 0 ? '' : name.slice(space + 1).trim();
  }
  if (!locked.email && d.email.trim()) person.email = d.email.trim();
  if (!locked.address && d.address.trim()) person.homeAddress = d.address.trim();
  if (d.cardNumber.trim()) person.cardNumber = d.cardNumber.trim();
  const customAttributeData = fields.flatMap((f) => {
    const v = (d.answers[f.id] ?? '').trim();
    return v ? [{ customAttributeID: f.id, data: v, entityID: personId }] : [];
  });
  return { person, customAttributeData };
}

/** The gateways the visitor may pay with (spec 2.14, §5: Paystack only for NGN or no currency). */
export function offeredGateways(event: RegistrationEvent, currency: string | null): string[] {
  const names = (event.paymentForm?.paymentGateWays ?? []).map((g) => g.paymentGateway.name);
  const out: string[] = [];
  const paystack = names.find((n) => n.toLowerCase().includes('paystack'));
  const flutter = names.find((n) => n.toLowerCase().includes('flutterwave'));
  if (paystack && (!currency || currency === 'NGN')) out.push(paystack);
  if (flutter) out.push(flutter);
  return out;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `text` looks like an e-mail address. */
export function isEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}
