import type { ReactNode } from 'react';
import type { Choice, RegistrationField } from '../../api/event-registration.ts';
import { TextField } from '../../components/public-page/text-field.tsx';
import type { Details, Flags } from './registration-logic.ts';
import { commaOptions, DAYS, MONTHS } from '../../components/public-page/choices.ts';
import { REG_TEXT as T } from './texts.ts';

/*
 * The fields of the registration form (spec 2.12): card number, name, email, address, birthday
 * day/month, wedding day/month/year, marital status, gender (as the link's flags ask), then the
 * custom fields of entity 4 in order, read as the registration page reads control types (§3:
 * 0 text, 1 dropdown, 2 checkbox, 3 datetime, 4 email, 5 file, 6 number).
 */

const thisYear = new Date().getFullYear();
/** Wedding years: the current year back 101 entries (spec §5, §9). */
const YEARS = Array.from({ length: 101 }, (_, i) => thisYear - i);

/** A labelled native select with a placeholder option. */
export function Select({
  id,
  label,
  value,
  placeholder,
  options,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  placeholder: string;
  options: { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="pp-field er-field">
      <label className="pp-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="pp-input er-select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const dayOptions = DAYS.map((d) => ({ value: d, label: String(d) }));
const monthOptions = MONTHS.map((m, i) => ({ value: i + 1, label: m }));
const yearOptions = YEARS.map((y) => ({ value: y, label: String(y) }));

/** The person's fields. `locked` fields show the server's masked text and cannot be edited. */
export function PersonFields({
  id,
  flags,
  details,
  locked,
  genders,
  maritalStatuses,
  emailRequired,
  errors,
  onChange,
}: {
  id: string;
  flags: Flags;
  details: Details;
  locked: { name: boolean; email: boolean; address: boolean };
  genders: Choice[];
  maritalStatuses: Choice[];
  emailRequired: boolean;
  errors: { name?: string; email?: string };
  onChange: <K extends keyof Details>(key: K, value: Details[K]) => void;
}) {
  const lockNote = locked.name || locked.email || locked.address;
  return (
    <>
      {flags.cardNumber ? (
        <TextField
          label="Card number"
          value={details.cardNumber}
          autoComplete="off"
          onChange={(e) => onChange('cardNumber', e.target.value)}
        />
      ) : null}
      <TextField
        label="Name"
        value={details.name}
        autoComplete="name"
        readOnly={locked.name}
        aria-readonly={locked.name || undefined}
        error={errors.name}
        onChange={(e) => onChange('name', e.target.value)}
      />
      <TextField
        label={emailRequired ? 'Email' : 'Email (optional)'}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={details.email}
        readOnly={locked.email}
        error={errors.email}
        onChange={(e) => onChange('email', e.target.value)}
      />
      {flags.address ? (
        <TextField
          label="Address"
          autoComplete="street-address"
          value={details.address}
          readOnly={locked.address}
          onChange={(e) => onChange('address', e.target.value)}
        />
      ) : null}
      {lockNote ? <p className="pp-muted er-note">{T.locked}</p> : null}
      {flags.birthday ? (
        <fieldset className="er-group">
          <legend className="pp-label">Birthday</legend>
          <div className="er-row">
            <Select
              id={`${id}-bday`}
              label={<span className="pp-sr-only">Birthday day</span>}
              value={details.birthDay}
              placeholder="Day"
              options={dayOptions}
              onChange={(v) => onChange('birthDay', v)}
            />
            <Select
              id={`${id}-bmonth`}
              label={<span className="pp-sr-only">Birthday month</span>}
              value={details.birthMonth}
              placeholder="Month"
              options={monthOptions}
              onChange={(v) => onChange('birthMonth', v)}
            />
          </div>
        </fieldset>
      ) : null}
      {flags.wedding ? (
        <fieldset className="er-group">
          <legend className="pp-label">Wedding anniversary</legend>
          <div className="er-row er-row-3">
            <Select
              id={`${id}-wday`}
              label={<span className="pp-sr-only">Wedding day</span>}
              value={details.weddingDay}
              placeholder="Day"
              options={dayOptions}
              onChange={(v) => onChange('weddingDay', v)}
            />
            <Select
              id={`${id}-wmonth`}
              label={<span className="pp-sr-only">Wedding month</span>}
              value={details.weddingMonth}
              placeholder="Month"
              options={monthOptions}
              onChange={(v) => onChange('weddingMonth', v)}
            />
            <Select
              id={`${id}-wyear`}
              label={<span className="pp-sr-only">Wedding year</span>}
              value={details.weddingYear}
              placeholder="Year"
              options={yearOptions}
              onChange={(v) => onChange('weddingYear', v)}
            />
          </div>
        </fieldset>
      ) : null}
      {flags.maritalStatus ? (
        <Select
          id={`${id}-marital`}
          label="Marital Status"
          value={details.maritalStatusId}
          placeholder="Select marital status"
          options={maritalStatuses.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => onChange('maritalStatusId', v)}
        />
      ) : null}
      {flags.gender ? (
        <Select
          id={`${id}-gender`}
          label="Gender"
          value={details.genderId}
          placeholder="Select gender"
          options={genders.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(v) => onChange('genderId', v)}
        />
      ) : null}
    </>
  );
}

/** One custom field of entity 4 (registration reading of the control types). */
export function CustomField({
  id,
  field,
  value,
  onChange,
}: {
  id: string;
  field: RegistrationField;
  value: string;
  onChange: (value: string) => void;
}) {
  const fid = `${id}-cf-${field.id}`;
  switch (field.controlType) {
    case 1: {
      const options = commaOptions(field.parameterValues).map((o) => ({ value: o, label: o }));
      return (
        <Select id={fid} label={field.label} value={value} placeholder="Select" options={options} onChange={onChange} />
      );
    }
    case 2:
      return (
        <label className="pp-check er-field">
          <input
            type="checkbox"
            checked={value === 'true'}
            onChange={(e) => onChange(e.target.checked ? 'true' : '')}
          />
          <span>{field.label}</span>
        </label>
      );
    case 5:
      return (
        <div className="pp-field er-field">
          <span className="pp-label">{field.label}</span>
          <p className="pp-muted er-note">{T.fileNote}</p>
        </div>
      );
    default: {
      const type =
        field.controlType === 3
          ? 'date'
          : field.controlType === 4
            ? 'email'
            : field.controlType === 6
              ? 'number'
              : 'text';
      return (
        <TextField
          label={field.label}
          type={type}
          inputMode={type === 'number' ? 'decimal' : type === 'email' ? 'email' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
  }
}
