import type { TAvailableGroup } from '@steward/contracts/attendance-public';
import { lockedOf, type Details, type Errors, type FoundPerson } from './checkin-logic.ts';
import { DAYS, MONTHS } from '../../components/public-page/choices.ts';
import { CHECKIN_TEXT as T } from './texts.ts';

/*
 * The person's part of the check-in form (spec 2.11): who (when several people share the number),
 * Name, Email, Birthday (day 1-31 and month), 'My groups' (read-only) and 'Add to group'. A found
 * person's name and e-mail are shown masked and locked; a birthday on record is not shown at all.
 */

/** 'More than one person uses this number': the masked names, and 'Someone else (new here)'. */
export function WhoChooser({
  id,
  found,
  choice,
  onChoose,
}: {
  id: string;
  found: FoundPerson[];
  choice: number | 'new';
  onChoose: (c: number | 'new') => void;
}) {
  return (
    <fieldset className="pp-field ck-fieldset ck-choose">
      <legend className="pp-label">{T.sharedNumber}</legend>
      {found.map((m, i) => (
        <label key={m.personId} className="pp-check ck-choice">
          <input type="radio" name={`${id}-who`} checked={choice === i} onChange={() => onChoose(i)} />
          <span>
            {m.name}
            {m.email ? <span className="pp-muted pp-small"> · {m.email}</span> : null}
          </span>
        </label>
      ))}
      <label className="pp-check ck-choice">
        <input type="radio" name={`${id}-who`} checked={choice === 'new'} onChange={() => onChoose('new')} />
        <span>{T.someoneNew}</span>
      </label>
    </fieldset>
  );
}

/** Name, Email, Birthday, 'My groups' and 'Add to group'. */
export function PersonFields({
  id,
  person,
  details,
  errors,
  available,
  onChange,
}: {
  id: string;
  person: FoundPerson | null;
  details: Details;
  errors: Errors;
  /** the set-up's groups */
  available: TAvailableGroup[];
  /** one value changed; `error` is the error it clears */
  onChange: <K extends keyof Details>(key: K, value: Details[K], error?: keyof Errors) => void;
}) {
  const locked = lockedOf(person);
  const belonging = person?.groupsBelongingTo ?? [];
  const addable = available.filter((g) => !belonging.some((b) => b.groupId === g.groupId));
  return (
    <>
      <div className="pp-field">
        <label className="pp-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className="pp-input"
          autoComplete={locked.name ? 'off' : 'name'}
          maxLength={100}
          value={person ? person.name : details.name}
          readOnly={locked.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={locked.name ? `${id}-locked` : errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => onChange('name', e.target.value, 'name')}
        />
        {errors.name ? (
          <div id={`${id}-name-error`} className="pp-field-error">
            {errors.name}
          </div>
        ) : null}
        {locked.name ? (
          <div id={`${id}-locked`} className="ck-help">
            {T.nameLocked}
          </div>
        ) : null}
      </div>

      <div className="pp-field">
        <label className="pp-label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className="pp-input"
          type={locked.email ? 'text' : 'email'}
          inputMode="email"
          autoComplete={locked.email ? 'off' : 'email'}
          maxLength={254}
          value={person && locked.email ? person.email : details.email}
          readOnly={locked.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          onChange={(e) => onChange('email', e.target.value, 'email')}
        />
        {errors.email ? (
          <div id={`${id}-email-error`} className="pp-field-error">
            {errors.email}
          </div>
        ) : null}
      </div>

      {locked.birthday ? (
        <div className="pp-field">
          <span className="pp-label">Birthday</span>
          <p className="ck-readonly">{T.birthdayOnRecord}</p>
        </div>
      ) : (
        <fieldset className="pp-field ck-fieldset">
          <legend className="pp-label">Birthday</legend>
          <div className="ck-row">
            <label className="pp-sr-only" htmlFor={`${id}-day`}>
              Day
            </label>
            <select
              id={`${id}-day`}
              className="pp-input ck-select"
              value={details.day}
              aria-invalid={errors.birthday ? true : undefined}
              aria-describedby={errors.birthday ? `${id}-birthday-error` : undefined}
              onChange={(e) => onChange('day', e.target.value, 'birthday')}
            >
              <option value="">Day</option>
              {DAYS.map((d) => (
                <option key={d} value={String(d)}>
                  {d}
                </option>
              ))}
            </select>
            <label className="pp-sr-only" htmlFor={`${id}-month`}>
              Month
            </label>
            <select
              id={`${id}-month`}
              className="pp-input ck-select"
              value={details.month}
              onChange={(e) => onChange('month', e.target.value, 'birthday')}
            >
              <option value="">Month</option>
              {MONTHS.map((m, i) => (
                <option key={m} value={String(i + 1)}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          {errors.birthday ? (
            <div id={`${id}-birthday-error`} className="pp-field-error">
              {errors.birthday}
            </div>
          ) : null}
        </fieldset>
      )}

      {belonging.length > 0 ? (
        <div className="pp-field">
          <span className="pp-label" id={`${id}-mine`}>
            My groups
          </span>
          <ol className="ck-groups" aria-labelledby={`${id}-mine`}>
            {belonging.map((g) => (
              <li key={g.groupId}>{g.name}</li>
            ))}
          </ol>
        </div>
      ) : null}

      {addable.length > 0 ? (
        <fieldset className="pp-field ck-fieldset">
          <legend className="pp-label">Add to group</legend>
          <div className="ck-options">
            {addable.map((g) => (
              <label key={g.groupId} className="pp-check ck-option">
                <input
                  type="checkbox"
                  checked={details.groups.includes(g.id)}
                  onChange={(e) =>
                    onChange(
                      'groups',
                      e.target.checked ? [...details.groups, g.id] : details.groups.filter((x) => x !== g.id),
                    )
                  }
                />
                <span>{g.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
