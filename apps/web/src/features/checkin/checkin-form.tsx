import type { TPhoneMatch, TWebCheckInEvent } from '@steward/contracts/attendance-public';
import type { TCustomField } from '@steward/contracts/custom-fields';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { markAttendance, searchByPhone } from '../../api/checkin.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { LookupStatus, usePhoneLookup } from '../../components/public-page/use-phone-lookup.tsx';
import { SuccessDialog } from './checkin-layout.tsx';
import {
  digitsOf,
  EMPTY_DETAILS,
  isClosedError,
  phoneComplete,
  searchAlert,
  submission,
  submitFailure,
  validate,
  type Alert,
  type Details,
  type Errors,
  type FoundPerson,
} from './checkin-logic.ts';
import { CustomFieldInput } from './custom-field-input.tsx';
import { PersonFields, WhoChooser } from './person-fields.tsx';
import { CHECKIN_TEXT as T } from './texts.ts';

/*
 * The check-in itself (spec 2.11, §4, §5, §8): the phone entry, whose search starts by itself once
 * 11 or more characters (and digits) are typed; the found / not found texts; the form (Name,
 * Email, Birthday, 'My groups', 'Add to group', the custom fields); 'Not Me' and 'Confirm'; the
 * success popup. A found person's details arrive masked from the server and stay locked.
 */

/** The search waits this long after the last keystroke (one search for a number typed on). */
const SEARCH_DELAY_MS = 400;

/** The phone entry, the form and the success popup of an open event. */
export function CheckinForm({
  event,
  fields,
  onClosed,
}: {
  event: TWebCheckInEvent;
  fields: TCustomField[];
  /** the server says the event closed since the page was loaded */
  onClosed: () => void;
}) {
  const id = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [phone, setPhone] = useState('');
  const find = useCallback(
    (text: string, signal: AbortSignal): Promise<TPhoneMatch[]> => searchByPhone(text, event.attendanceCode, signal),
    [event.attendanceCode],
  );
  const { state: search, run, reset: resetSearch } = usePhoneLookup(find, digitsOf);
  const [choice, setChoice] = useState<number | 'new'>(0);
  const [details, setDetails] = useState<Details>(EMPTY_DETAILS);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ already: boolean } | null>(null);

  const digits = digitsOf(phone);
  const complete = phoneComplete(phone);

  const runSearch = useCallback(
    (text: string) => {
      setAlert(null);
      return run(text, {
        onDone: () => {
          setChoice(0);
          setDetails(EMPTY_DETAILS);
          setErrors({});
        },
        onFailed: (err) => {
          if (isClosedError(err)) onClosed();
          else setAlert(searchAlert(err));
        },
      });
    },
    [run, onClosed],
  );

  // the search starts by itself once the number is complete (spec 2.11), after a short pause
  const searchedDigits =
    search.status === 'loading' || search.status === 'done' || search.status === 'failed' ? search.key : null;
  useEffect(() => {
    if (!complete || searchedDigits === digits) return;
    const t = setTimeout(() => void runSearch(phone), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [complete, digits, phone, searchedDigits, runSearch]);

  // an invalid field takes the focus after a refused Confirm
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onPhone = (value: string) => {
    setPhone(value);
    if (digitsOf(value) !== searchedDigits) {
      resetSearch();
      setAlert(null);
    }
  };

  /** 'Not Me' (spec 2.11, §4): clears the person and the phone. */
  const reset = () => {
    resetSearch();
    setPhone('');
    setDetails(EMPTY_DETAILS);
    setErrors({});
    setAlert(null);
    phoneRef.current?.focus();
  };

  const matches = search.status === 'done' ? search.result : [];
  const found = matches.filter((m): m is FoundPerson => m.personId !== null);
  const person = choice === 'new' ? null : (found[choice] ?? null);
  const available = matches[0]?.avaliableGroups ?? event.groups.map((g) => ({ id: g.id, groupId: g.id, name: g.name }));
  // spec §5: Confirm is disabled with an empty name
  const nameEmpty = person ? person.name === '' : details.name.trim() === '';

  const change = <K extends keyof Details>(key: K, value: Details[K], error?: keyof Errors) => {
    setDetails((d) => ({ ...d, [key]: value }));
    if (error)
      setErrors((e) => {
        if (!e[error]) return e;
        const next = { ...e };
        delete next[error];
        return next;
      });
  };

  const choose = (c: number | 'new') => {
    setChoice(c);
    setDetails(EMPTY_DETAILS);
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (nameEmpty || submitting) return;
    const invalid = validate(details, person, fields);
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    setSubmitting(true);
    setAlert(null);
    try {
      const answer = await markAttendance(submission(details, person, phone, event.attendanceCode, fields));
      setDone({ already: answer.returnObject.alreadyCheckedIn });
    } catch (err) {
      if (isClosedError(err)) {
        onClosed();
        return;
      }
      const failure = submitFailure(err, fields);
      setErrors(failure.errors);
      setAlert(failure.alert);
      // the notice sits by the buttons; on a phone the top of the page is out of view
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  };

  const showForm = search.status === 'done';
  const loading = search.status === 'loading';

  return (
    <>
      <div className="pp-field">
        <label className="pp-label" htmlFor={`${id}-phone`}>
          Phone number
        </label>
        <input
          ref={phoneRef}
          id={`${id}-phone`}
          className="pp-input ck-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={30}
          placeholder="e.g. 08031234567"
          value={phone}
          aria-describedby={`${id}-phone-help`}
          onChange={(e) => onPhone(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (complete && !loading) void runSearch(phone);
            }
          }}
        />
        <div id={`${id}-phone-help`} className="ck-help">
          {phone.trim().length >= 11 && !complete ? T.phoneShort : T.phoneHint}
        </div>
      </div>

      <LookupStatus
        className="ck"
        loading={loading}
        fetching={T.fetching}
        result={showForm ? (person ? T.found : T.notFound) : null}
      />

      {alert && !showForm ? (
        <div ref={alertRef} tabIndex={-1} className="pp-alert-slot">
          <Notice kind={alert.kind} title={alert.title}>
            {alert.text}
            {search.status === 'failed' && complete ? (
              <div>
                <button type="button" className="ck-link-button" onClick={() => void runSearch(phone)}>
                  Try again
                </button>
              </div>
            ) : null}
          </Notice>
        </div>
      ) : null}

      {showForm ? (
        <form ref={formRef} className="ck-form" noValidate onSubmit={(e) => void submit(e)}>
          {found.length > 1 ? <WhoChooser id={id} found={found} choice={choice} onChoose={choose} /> : null}
          <PersonFields
            id={id}
            person={person}
            details={details}
            errors={errors}
            available={available}
            onChange={change}
          />
          {fields.map((f) => (
            <CustomFieldInput
              key={f.id}
              field={f}
              value={details.answers[f.id]}
              error={errors[`f:${f.id}`]}
              onChange={(v) => change('answers', { ...details.answers, [f.id]: v }, `f:${f.id}`)}
            />
          ))}

          <div ref={alertRef} tabIndex={-1} className="pp-alert-slot">
            {alert ? (
              <Notice kind={alert.kind} title={alert.title}>
                {alert.text}
              </Notice>
            ) : null}
          </div>

          <div className="ck-actions">
            <button type="button" className="pp-button" onClick={reset}>
              Not Me
            </button>
            <button
              type="submit"
              className="pp-button pp-button-primary"
              disabled={nameEmpty || submitting}
              aria-busy={submitting || undefined}
            >
              {submitting ? <Spinner /> : null}
              Confirm
            </button>
          </div>
        </form>
      ) : null}

      {done ? (
        <SuccessDialog
          title={T.successTitle}
          text={T.success}
          note={done.already ? T.alreadyCheckedIn : null}
          onClose={() => {
            setDone(null);
            reset();
          }}
        />
      ) : null}
    </>
  );
}
