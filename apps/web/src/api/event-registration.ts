import type {
  TConfirmRegistrationPaymentAnswer,
  TEventRegistrationRequest,
  TInitializeRegistrationPaymentInput,
  TRegistrationEvent,
  TRegistrationMatch,
} from '@steward/contracts/event-registration';
import { ContractError, send } from './http.ts';

/*
 * The public event registration calls (issue 12; spec 2.12-2.14, §7 'Public registration';
 * existing-client-api §5.1), one function each. No runtime zod (the page is for a phone on a slow
 * network, like the giving and check-in pages): answers are checked with the light type guards
 * below, which test the fields the page reads; the full shapes are
 * packages/contracts/src/event-registration.ts, imported here as types only. Root paths are sent with `accept: application/json`
 * (http.ts), so the server answers JSON and not the web app.
 */

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => isText(v) && v.length > 0;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const textOrNull = (v: unknown) => v === null || v === undefined || isText(v);

/** Throws ContractError for `path` unless `ok`: the answer is not what the page reads. */
function check<T>(path: string, value: unknown, ok: (v: unknown) => boolean): T {
  if (!ok(value)) {
    console.error(`Answer of ${path} does not match its contract`, value);
    throw new ContractError(path, []);
  }
  return value as T;
}

/**
 * The registration event (contracts ZRegistrationEvent; §5.1): `registrationAmount` the fee per
 * person in major units (0 when free), `eventDate` 'YYYY-MM-DDT00:00:00', `isClosed` (now at or
 * after the cut-off), `calendarUrl` the .ics file.
 */
export type RegistrationEvent = TRegistrationEvent;

const isEvent = (v: unknown): boolean =>
  isRecord(v) &&
  isId(v.id) &&
  isId(v.tenantID) &&
  isText(v.fullEventName) &&
  isText(v.eventDate) &&
  textOrNull(v.bannerUrl) &&
  isNum(v.registrationAmount) &&
  textOrNull(v.registrationCutOffTime) &&
  textOrNull(v.paymentFormId) &&
  isText(v.attendanceCode) &&
  isText(v.currency) &&
  typeof v.isClosed === 'boolean' &&
  typeof v.isFull === 'boolean' &&
  isText(v.churchName) &&
  isText(v.calendarUrl) &&
  (v.paymentForm === null ||
    v.paymentForm === undefined ||
    (isRecord(v.paymentForm) &&
      Array.isArray(v.paymentForm.paymentGateWays) &&
      v.paymentForm.paymentGateWays.every(
        (g) => isRecord(g) && isRecord(g.paymentGateway) && isText(g.paymentGateway.name),
      ) &&
      Array.isArray(v.paymentForm.contributionItems)));

const EVENT_PATH = '/api/publiccontent/WebRegistrationEventDetails';

/**
 * GET /api/publiccontent/WebRegistrationEventDetails?id={checkinId} (§5.1): the event of the
 * registration link (bare).
 * @throws HttpError 404 (unknown link), NetworkError, TimeoutError, ContractError.
 */
export async function getRegistrationEvent(id: string, signal?: AbortSignal): Promise<RegistrationEvent> {
  const body = await send(EVENT_PATH, { query: { id }, signal });
  return check<RegistrationEvent>(EVENT_PATH, body, isEvent);
}

const eventLoads = new Map<string, Promise<RegistrationEvent>>();

/** Starts the event's load as the route matches (router.tsx), beside the page's chunk. */
export function prefetchRegistrationEvent(id: string | undefined): void {
  if (!id || eventLoads.has(id)) return;
  const load = getRegistrationEvent(id);
  load.catch(() => undefined);
  eventLoads.set(id, load);
}

/** The prefetched load of `id` (once), else a new load. */
export function takeRegistrationEvent(id: string): Promise<RegistrationEvent> {
  const load = eventLoads.get(id);
  eventLoads.delete(id);
  return load ?? getRegistrationEvent(id);
}

/** A custom field of entity 4 (EventRegistrationForm): §5.1 GetAllCustomFields. */
export interface RegistrationField {
  id: string;
  label: string;
  controlType: number;
  parameterValues: string;
  order: number;
}

const isField = (f: unknown) =>
  isRecord(f) && isId(f.id) && isText(f.label) && isNum(f.controlType) && isText(f.parameterValues) && isNum(f.order);

/**
 * GET /GetAllCustomFields?entityType=4&tenantID= (root; public): the registration form's custom
 * fields, sorted by `order` (spec §7).
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function getRegistrationFields(tenantId: string): Promise<RegistrationField[]> {
  const body = await send('/GetAllCustomFields', { query: { entityType: 4, tenantID: tenantId } });
  const list = check<RegistrationField[]>('/GetAllCustomFields', body, (v) => Array.isArray(v) && v.every(isField));
  return [...list].sort((a, b) => a.order - b.order);
}

/** An id/label pair of a lookup list (Gender, MaritalStatus, family roles). */
export interface Choice {
  id: number;
  name: string;
}

/**
 * GET /api/LookUp/GetAllLookUps (public): the 'Gender' and 'MaritalStatus' lists (exact type
 * names, existing-client-api §7(b)8) as {id, name}.
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function getPeopleLookups(): Promise<{ genders: Choice[]; maritalStatuses: Choice[] }> {
  const path = '/api/LookUp/GetAllLookUps';
  const body = check<{ type: string; lookUps: { id: number; value: string }[] }[]>(
    path,
    await send(path),
    (v) =>
      Array.isArray(v) &&
      v.every(
        (g) =>
          isRecord(g) &&
          isText(g.type) &&
          Array.isArray(g.lookUps) &&
          g.lookUps.every((l) => isRecord(l) && isNum(l.id) && isText(l.value)),
      ),
  );
  const of = (type: string) =>
    (body.find((g) => g.type === type)?.lookUps ?? []).map((l) => ({ id: l.id, name: l.value }));
  return { genders: of('Gender'), maritalStatuses: of('MaritalStatus') };
}

/**
 * GET /getfamilyroles (public): [{id, name}] (Father, Mother, ... Ward).
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function getFamilyRoles(): Promise<Choice[]> {
  const body = await send('/getfamilyroles');
  return check<Choice[]>(
    '/getfamilyroles',
    body,
    (v) => Array.isArray(v) && v.every((r) => isRecord(r) && isNum(r.id) && isText(r.name)),
  );
}

/** A person of the church with this phone number (contracts ZRegistrationMatch), masked by the server. */
export type RegistrationMatch = TRegistrationMatch;

const isMatch = (m: unknown) =>
  isRecord(m) &&
  isId(m.personId) &&
  isText(m.name) &&
  isText(m.email) &&
  isText(m.address) &&
  typeof m.hasBirthday === 'boolean' &&
  typeof m.alreadyRegistered === 'boolean';

/**
 * GET /searchregistrationbyphone?searchtext={phone}&id={checkinId} (root): the people with this
 * number, masked (an empty list when nobody has it).
 * @throws HttpError 400 (bad number; closed), 404, 429, NetworkError, TimeoutError, ContractError.
 */
export async function searchRegistrationByPhone(
  phone: string,
  checkinId: string,
  signal?: AbortSignal,
): Promise<RegistrationMatch[]> {
  const body = await send('/searchregistrationbyphone', { query: { searchtext: phone, id: checkinId }, signal });
  return check<RegistrationMatch[]>('/searchregistrationbyphone', body, (v) => Array.isArray(v) && v.every(isMatch));
}

/** A member of the person's family as the page lists it (ward rows, 2.13). */
export interface FamilyMember {
  personId: string;
  firstName: string;
  lastName: string;
  familyRoleID: number;
}

/**
 * GET /family?tenantID=&personId= (root, public): the person's family (`id` null when none).
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function getPublicFamily(
  tenantId: string,
  personId: string,
): Promise<{ id: string | null; members: FamilyMember[] }> {
  const body = check<Json>(
    '/family',
    await send('/family', { query: { tenantID: tenantId, personId } }),
    (v) => isRecord(v) && (v.id === null || isId(v.id)) && Array.isArray(v.familyMembers),
  );
  const members = (body.familyMembers as Json[]).flatMap((m) => {
    const p = isRecord(m.person) ? m.person : null;
    if (!p || !isId(p.id)) return [];
    return [
      {
        personId: p.id,
        firstName: isText(p.firstName) ? p.firstName : '',
        lastName: isText(p.lastName) ? p.lastName : '',
        familyRoleID: isNum(m.familyRoleID) ? m.familyRoleID : 0,
      },
    ];
  });
  return { id: (body.id as string | null) ?? null, members };
}

/** `{status, response, returnObject}` with status true, or throws ContractError. */
function envelope<T>(path: string, v: unknown, ok: (r: unknown) => boolean = () => true): T {
  return check<{ returnObject: T }>(path, v, (x) => isRecord(x) && x.status === true && ok(x.returnObject))
    .returnObject;
}

/** A ward (or the registering visitor) just added to the church. */
export interface PublicPerson {
  id: string;
  firstName: string;
}

/**
 * POST /createPublicPerson (root, public; §5.1): adds a person to church `tenantId`.
 * @throws HttpError 400 naming the field (its `serverMessage` is shown, spec §8 'Ward | status not
 *   true'), NetworkError, TimeoutError, ContractError.
 */
export async function createPublicPerson(body: {
  firstName: string;
  mobilePhone?: string;
  email?: string;
  homeAddress?: string;
  tenantId: string;
}): Promise<PublicPerson> {
  const answer = await send('/createPublicPerson', { method: 'POST', body });
  return envelope<PublicPerson>('/createPublicPerson', answer, (r) => isRecord(r) && isId(r.id));
}

/**
 * POST /createFamily (root, public; §5.1): the registering person's family with its first member.
 * @returns the family's id.
 */
export async function createPublicFamily(body: {
  fatherId: string;
  familyName: string;
  familyMembers: { personId: string; familyRoleId: number | null; checkMember: boolean }[];
  tenantId: string;
}): Promise<string> {
  const answer = await send('/createFamily', { method: 'POST', body });
  return envelope<{ id: string }>('/createFamily', answer, (r) => isRecord(r) && isId(r.id)).id;
}

/** POST /addFamilyMember (root, public; §5.1): a ward joins the family. */
export async function addPublicFamilyMember(body: {
  familyId: string;
  familyRoleId: number | null;
  personId: string;
  tenantId: string;
}): Promise<void> {
  await send('/addFamilyMember', { method: 'POST', body });
}

/** The body of POST /EventRegistration (contracts ZEventRegistrationRequest). */
export type RegistrationBody = TEventRegistrationRequest;

/** The person part of the registration body. */
export type RegistrationPerson = RegistrationBody['person'];

/** A custom field answer (§5.1 customAttributeData[]). */
export type AttributeData = NonNullable<RegistrationBody['customAttributeData']>[number];

/**
 * POST /EventRegistration (root, public; §5.1): registers the person, or a ward. The answer is
 * read as the client does (HTTP success only).
 * @throws HttpError 400 naming the field, the closed or full text, 404, NetworkError, TimeoutError.
 */
export async function registerForEvent(body: RegistrationBody): Promise<unknown> {
  return send('/EventRegistration', { method: 'POST', body });
}

/** The body of POST /initializeEventRegistrationPayment (contracts ZInitializeRegistrationPayment). */
export type InitializeBody = TInitializeRegistrationPaymentInput & { returnTo?: string };

/**
 * POST /initializeEventRegistrationPayment (root, public; §5.1): starts the registration fee's
 * payment and holds the places (1 + wards) for 15 minutes. → `transactionReference` and the
 * provider's hosted checkout address.
 * @throws HttpError 400 naming the field (full, closed, amount), NetworkError, TimeoutError, ContractError.
 */
export async function initializeRegistrationPayment(
  body: InitializeBody,
): Promise<{ transactionReference: string; checkoutUrl: string }> {
  const path = '/initializeEventRegistrationPayment';
  const answer = check<Json>(
    path,
    await send(path, { method: 'POST', body }),
    (v) =>
      isRecord(v) &&
      v.status === true &&
      isId(v.transactionReference) &&
      isRecord(v.returnObject) &&
      isId(v.returnObject.authorizationUrl),
  );
  return {
    transactionReference: answer.transactionReference as string,
    checkoutUrl: (answer.returnObject as Json).authorizationUrl as string,
  };
}

/** The confirm answer (contracts ZConfirmRegistrationPaymentAnswer). */
export type ConfirmAnswer = TConfirmRegistrationPaymentAnswer;

/**
 * POST /ConfirmEventRegistrationPayment?id=&txnref= (root, public; §5.1): asks the provider and
 * settles. `status` true once registered; else `message` says why (shown, spec §8).
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function confirmRegistrationPayment(id: string | null, txnref: string): Promise<ConfirmAnswer> {
  const path = '/ConfirmEventRegistrationPayment';
  return check<ConfirmAnswer>(
    path,
    await send(path, { method: 'POST', query: { id, txnref } }),
    (v) =>
      isRecord(v) &&
      typeof v.status === 'boolean' &&
      isText(v.message) &&
      isRecord(v.returnObject) &&
      isText(v.returnObject.paymentStatus) &&
      isText(v.returnObject.registrationStatus),
  );
}
