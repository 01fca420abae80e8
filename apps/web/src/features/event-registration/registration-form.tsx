import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import {
  addPublicFamilyMember,
  createPublicFamily,
  createPublicPerson,
  getPublicFamily,
  registerForEvent,
  searchRegistrationByPhone,
  type Choice,
  type RegistrationEvent,
  type RegistrationField,
  type RegistrationMatch,
} from '../../api/event-registration.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { LookupStatus, usePhoneLookup } from '../../components/public-page/use-phone-lookup.tsx';
import { SuccessDialog } from './dialog.tsx';
import { PaymentDialog } from './payment-dialog.tsx';
import { CustomField, PersonFields } from './person-fields.tsx';
import { EMPTY_DETAILS, isEmail, personBody, type Details, type Flags } from './registration-logic.ts';
import { REG_TEXT as T } from './texts.ts';
import { WardList, type WardRow } from './wards.tsx';

/*
 * The registration itself (spec 2.12, 2.13, §4, §5, §8): the phone entry whose lookup runs on
 * blur, the found / not found texts, the form, the family's wards, 'Not Me', 'Confirm to register'
 * (free) or 'Make payment to register' (paid: the 'Payment methods' chooser), the success popup.
 */

type Alert = { kind: 'error' | 'warning'; text: string };

const NO_LOCK = { name: false, email: false, address: false };

/** The notice of a failed registration (spec §8 'Registration'), or the server's reason. */
function registerAlert(err: unknown): Alert {
  if (err instanceof NetworkError) return { kind: 'error', text: T.registerNetwork };
  if (err instanceof TimeoutError) return { kind: 'warning', text: T.registerTimeout };
  if (err instanceof HttpError && err.status < 500) {
    const fe = err.fieldErrors[0];
    return {
      kind: 'error',
      text: fe?.message && !err.serverMessage ? fe.message : (err.serverMessage ?? T.registerFailed),
    };
  }
  return { kind: 'error', text: T.registerFailed };
}

/** The phone entry, the form, the wards and the submit of an open event. */
export function RegistrationForm({
  event,
  checkinId,
  flags,
  fields,
  genders,
  maritalStatuses,
  roles,
  paid,
  feeText,
  decimals,
}: {
  event: RegistrationEvent;
  checkinId: string;
  flags: Flags;
  fields: RegistrationField[];
  genders: Choice[];
  maritalStatuses: Choice[];
  roles: Choice[];
  paid: boolean;
  /** the currency's decimals */
  decimals: number;
  /** the fee for `places` people, formatted */
  feeText: (places: number) => string;
}) {
  const id = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [phone, setPhone] = useState('');
  const find = useCallback(
    async (text: string, signal: AbortSignal): Promise<RegistrationMatch | null> =>
      (await searchRegistrationByPhone(text, checkinId, signal))[0] ?? null,
    [checkinId],
  );
  const { state: lookup, run, reset: resetLookup } = usePhoneLookup(find);
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [locked, setLocked] = useState(NO_LOCK);
  const [personId, setPersonId] = useState<string | null>(null);
  const [familyId, setFamilyId] = useState<string | null>(null);
  const [wards, setWards] = useState<WardRow[]>([]);
  const [showFamily, setShowFamily] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState(false);

  /** The person found (or not, null) takes the form: masked details locked, the family's wards listed. */
  const takePerson = (person: RegistrationMatch | null, signal: AbortSignal | null) => {
    setErrors({});
    setFamilyId(null);
    setWards([]);
    if (person) {
      setPersonId(person.personId);
      setDetails({ ...EMPTY_DETAILS, name: person.name, email: person.email, address: person.address });
      setLocked({ name: person.name !== '', email: person.email !== '', address: person.address !== '' });
      void getPublicFamily(event.tenantID, person.personId)
        .then((family) => {
          if (signal?.aborted) return;
          setFamilyId(family.id);
          setWards(
            family.members
              .filter((m) => m.personId !== person.personId)
              .map((m) => ({
                personId: m.personId,
                name: `${m.firstName} ${m.lastName}`.trim(),
                roleId: m.familyRoleID,
                ticked: false,
              })),
          );
        })
        .catch(() => undefined);
    } else {
      setPersonId(null);
      setDetails(EMPTY_DETAILS);
      setLocked(NO_LOCK);
    }
  };

  /** The lookup on blur (spec 2.12, §5: an empty phone shows the missing-phone state, no request). */
  const runLookup = async () => {
    const text = phone.trim();
    if (!text) {
      resetLookup({ status: 'missing' });
      return;
    }
    if ((lookup.status === 'done' || lookup.status === 'loading' || lookup.status === 'failed') && lookup.key === text)
      return;
    setAlert(null);
    await run(text, {
      onDone: (person, signal) => takePerson(person, signal),
      // spec §8 'Phone lookup (registration)': the form is treated as not found
      onFailed: (err) => {
        setAlert({
          kind: 'warning',
          text:
            err instanceof NetworkError
              ? T.lookupNetwork
              : err instanceof TimeoutError
                ? T.lookupTimeout
                : err instanceof HttpError && err.status === 429 && err.serverMessage
                  ? err.serverMessage
                  : T.lookupOther,
        });
        takePerson(null, null);
      },
    });
  };

  /** 'Not Me' (spec 2.12): clears the person, the phone and the wards. */
  const reset = () => {
    resetLookup();
    setPhone('');
    setDetails(EMPTY_DETAILS);
    setLocked(NO_LOCK);
    setPersonId(null);
    setFamilyId(null);
    setWards([]);
    setShowFamily(false);
    setErrors({});
    setAlert(null);
    phoneRef.current?.focus();
  };

  const change = <K extends keyof Details>(key: K, value: Details[K]) => {
    setDetails((d) => ({ ...d, [key]: value }));
    if (key === 'name' || key === 'email') setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /**
   * Adds a ward (2.13): POST /createPublicPerson, then into the family (POST /addFamilyMember, or
   * POST /createFamily headed by the registering person, who is first added to the church when
   * new). The new ward is ticked.
   */
  const addWard = async (ward: { name: string; phone: string; roleId: number | null }) => {
    let head = personId;
    if (!head) {
      if (!details.name.trim()) {
        setErrors({ name: 'Enter your name before adding wards' });
        throw new HttpError(400, {
          status: false,
          response: 'Enter your name before adding wards',
          returnObject: null,
        });
      }
      const me = await createPublicPerson({
        tenantId: event.tenantID,
        firstName: details.name.trim(),
        mobilePhone: phone.trim(),
        ...(details.email.trim() ? { email: details.email.trim() } : {}),
        ...(details.address.trim() ? { homeAddress: details.address.trim() } : {}),
      });
      head = me.id;
      setPersonId(me.id);
    }
    const created = await createPublicPerson({
      tenantId: event.tenantID,
      firstName: ward.name,
      ...(ward.phone ? { mobilePhone: ward.phone } : {}),
    });
    const roleId = ward.roleId ?? roles.find((r) => r.name.toLowerCase() === 'ward')?.id ?? null;
    if (familyId) {
      await addPublicFamilyMember({ familyId, familyRoleId: roleId, personId: created.id, tenantId: event.tenantID });
    } else {
      const last = details.name.trim().split(/\s+/).slice(-1)[0] ?? '';
      const fid = await createPublicFamily({
        fatherId: head,
        familyName: last,
        familyMembers: [{ personId: created.id, familyRoleId: roleId, checkMember: true }],
        tenantId: event.tenantID,
      });
      setFamilyId(fid);
    }
    setWards((w) => [...w, { personId: created.id, name: ward.name, roleId: roleId ?? 0, ticked: true }]);
  };

  const ticked = showFamily ? wards.filter((w) => w.ticked) : [];
  const nameEmpty = details.name.trim() === '';
  const emailEmpty = details.email.trim() === '';
  const blocked = nameEmpty || (paid && emailEmpty) || submitting;

  /** Checks the form before a submit; false when a field needs the visitor. */
  const valid = (): boolean => {
    const e: { name?: string; email?: string } = {};
    if (!locked.email && details.email.trim() && !isEmail(details.email)) e.email = 'Enter a valid e-mail address';
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const body = () => personBody(details, personId, locked, phone, fields);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked || !valid()) return;
    if (paid) {
      setPaying(true);
      return;
    }
    setSubmitting(true);
    setAlert(null);
    try {
      const { person, customAttributeData } = body();
      const answer = (await registerForEvent({
        person,
        id: checkinId,
        checkinCode: event.checkinCode,
        customAttributeData,
      })) as {
        returnObject?: { personId?: string };
      };
      const me = answer.returnObject?.personId ?? personId;
      for (const w of ticked)
        await registerForEvent({
          person: { personId: w.personId },
          id: checkinId,
          ...(me ? { registeredBy: me } : {}),
        });
      setDone(true);
    } catch (err) {
      setAlert(registerAlert(err));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  };

  const loading = lookup.status === 'loading';
  // a failed lookup shows the form too, as not found (spec §8 'Phone lookup (registration)')
  const showForm = lookup.status === 'done' || lookup.status === 'failed';
  const found = lookup.status === 'done' && lookup.result !== null;

  return (
    <>
      <div className="pp-field">
        <label className="pp-label" htmlFor={`${id}-phone`}>
          Phone Number
        </label>
        <input
          ref={phoneRef}
          id={`${id}-phone`}
          className="pp-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={30}
          placeholder="Enter your phone number"
          value={phone}
          aria-invalid={lookup.status === 'missing' || undefined}
          aria-describedby={lookup.status === 'missing' ? `${id}-phone-error` : undefined}
          onChange={(e) => {
            setPhone(e.target.value);
            if (lookup.status === 'missing') resetLookup();
          }}
          onBlur={() => void runLookup()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void runLookup();
            }
          }}
        />
        {lookup.status === 'missing' ? (
          <div id={`${id}-phone-error`} className="pp-field-error" role="alert">
            {T.missingPhone}
          </div>
        ) : null}
      </div>

      <LookupStatus
        className="er"
        loading={loading}
        fetching={T.fetching}
        result={lookup.status === 'done' ? (found ? T.found : T.notFound) : null}
      />

      {!showForm && !loading ? (
        <button type="button" className="pp-submit er-continue" onClick={() => void runLookup()}>
          Continue
        </button>
      ) : null}

      {alert && !showForm ? (
        <div ref={alertRef} tabIndex={-1} className="pp-alert-slot">
          <Notice kind={alert.kind}>{alert.text}</Notice>
        </div>
      ) : null}

      {showForm ? (
        <form className="er-form" noValidate onSubmit={(e) => void submit(e)}>
          <PersonFields
            id={id}
            flags={flags}
            details={details}
            locked={locked}
            genders={genders}
            maritalStatuses={maritalStatuses}
            emailRequired={paid}
            errors={errors}
            onChange={change}
          />
          {fields.map((f) => (
            <CustomField
              key={f.id}
              id={id}
              field={f}
              value={details.answers[f.id] ?? ''}
              onChange={(v) => change('answers', { ...details.answers, [f.id]: v })}
            />
          ))}

          <label className="pp-check er-family">
            <input type="checkbox" checked={showFamily} onChange={(e) => setShowFamily(e.target.checked)} />
            <span>{T.family}</span>
          </label>
          {showFamily ? (
            <WardList
              wards={wards}
              roles={roles}
              onToggle={(pid, on) => setWards((ws) => ws.map((w) => (w.personId === pid ? { ...w, ticked: on } : w)))}
              onAdd={addWard}
            />
          ) : null}

          {paid ? (
            <p className="er-total">
              Total: <strong>{feeText(1 + ticked.length)}</strong>
              {ticked.length ? <span className="pp-muted"> ({1 + ticked.length} people)</span> : null}
            </p>
          ) : null}

          <div ref={alertRef} tabIndex={-1} className="pp-alert-slot">
            {alert ? <Notice kind={alert.kind}>{alert.text}</Notice> : null}
          </div>
          {paid && emailEmpty && !nameEmpty ? <p className="pp-muted er-note">{T.emailNeeded}</p> : null}

          <div className="er-actions">
            <button type="button" className="pp-button" onClick={reset}>
              Not Me
            </button>
            <button
              type="submit"
              className="pp-button pp-button-primary"
              disabled={blocked}
              aria-busy={submitting || undefined}
            >
              {submitting ? <Spinner /> : null}
              {paid ? T.pay : T.confirm}
            </button>
          </div>
        </form>
      ) : null}

      {paying ? (
        <PaymentDialog
          event={event}
          checkinId={checkinId}
          build={() => {
            const { person, customAttributeData } = body();
            return {
              person,
              customAttributeData,
              phone: phone.trim(),
              // a found person's e-mail is masked: the server uses the one on record
              email: locked.email ? '' : details.email.trim(),
              name: locked.name ? '' : details.name.trim(),
              wards: ticked.map((w) => w.personId),
            };
          }}
          places={1 + ticked.length}
          decimals={decimals}
          onClose={() => setPaying(false)}
        />
      ) : null}

      {done ? (
        <SuccessDialog
          title={T.successTitle}
          text={T.success}
          onClose={() => {
            setDone(false);
            reset();
          }}
        />
      ) : null}
    </>
  );
}
