import type { TCustomField } from '@steward/contracts/custom-fields';
import { commaOptions, EMAIL_PATTERN } from '../../components/public-page/choices.ts';
import { useId } from 'react';
import { CHECKIN_TEXT as T } from './texts.ts';

/*
 * One check-in custom field (entity 5) as the public check-in page draws it (spec §3: 'Control
 * types as read by the public check-in page: 0 text, 1 dropdown of comma-separated values,
 * 2 checkbox, 3 date, 4 email, 6 file, 7 number'). Steward stores the set-up screen's codes
 * (5 Image, 6 Number: §3's note on the two readings), so 5 is a file and 6 a number here, as is 7;
 * 11 is the multi-select.
 */

/** What a field is drawn as. */
export type FieldKind = 'text' | 'dropdown' | 'checkbox' | 'date' | 'email' | 'file' | 'number' | 'multiselect';

/** The kind of a control type code. Unknown codes are text. */
export function kindOf(controlType: number): FieldKind {
  switch (controlType) {
    case 1:
      return 'dropdown';
    case 2:
      return 'checkbox';
    case 3:
      return 'date';
    case 4:
      return 'email';
    case 5:
      return 'file';
    case 6:
    case 7:
      return 'number';
    case 11:
      return 'multiselect';
    default:
      return 'text';
  }
}

/** The options of a dropdown or multi-select: the comma-separated values, trimmed, blanks out. */
export const optionsOf = (f: TCustomField): string[] => commaOptions(f.parameterValues);

/** A field's value while filled in: text, a checkbox's state, or a multi-select's choices. */
export type FieldValue = string | boolean | string[];

/** The error of a value, or null: an e-mail field's address and a number field's number are checked. */
export function fieldError(f: TCustomField, v: FieldValue | undefined): string | null {
  if (typeof v !== 'string' || v.trim() === '') return null;
  const kind = kindOf(f.controlType);
  if (kind === 'email' && !EMAIL_PATTERN.test(v.trim())) return T.emailInvalid;
  if (kind === 'number' && !Number.isFinite(Number(v.trim()))) return T.numberInvalid;
  return null;
}

/** The answer sent for a value (`data` of customAttributeData): text, a boolean, or null for none. */
export function answerOf(f: TCustomField, v: FieldValue | undefined): string | boolean | null {
  const kind = kindOf(f.controlType);
  if (kind === 'file') return null;
  if (kind === 'checkbox') return v === true;
  if (Array.isArray(v)) return v.length ? v.join(',') : null;
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return null;
}

/** A labelled control for `field` with its error under it. */
export function CustomFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: TCustomField;
  value: FieldValue | undefined;
  error?: string | null | undefined;
  onChange: (v: FieldValue) => void;
}) {
  const id = useId();
  const kind = kindOf(field.controlType);
  const describedBy = error ? `${id}-error` : undefined;
  const errorLine = error ? (
    <div id={`${id}-error`} className="pp-field-error">
      {error}
    </div>
  ) : null;

  if (kind === 'checkbox')
    return (
      <div className="pp-field">
        <label className="pp-check">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span>{field.label}</span>
        </label>
        {errorLine}
      </div>
    );

  if (kind === 'multiselect') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="pp-field ck-fieldset">
        <legend className="pp-label">{field.label}</legend>
        {optionsOf(field).map((o) => (
          <label key={o} className="pp-check">
            <input
              type="checkbox"
              checked={chosen.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))}
            />
            <span>{o}</span>
          </label>
        ))}
        {errorLine}
      </fieldset>
    );
  }

  if (kind === 'file')
    return (
      <div className="pp-field">
        <span className="pp-label">{field.label}</span>
        <p className="pp-muted pp-small">{T.fileNote}</p>
      </div>
    );

  const text = typeof value === 'string' ? value : '';
  return (
    <div className="pp-field">
      <label className="pp-label" htmlFor={id}>
        {field.label}
      </label>
      {kind === 'dropdown' ? (
        <select
          id={id}
          className="pp-input ck-select"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{field.label}</option>
          {optionsOf(field).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className="pp-input"
          type={kind === 'number' ? 'text' : kind}
          inputMode={kind === 'number' ? 'decimal' : kind === 'email' ? 'email' : undefined}
          autoComplete="off"
          maxLength={kind === 'text' ? 1000 : 254}
          placeholder={kind === 'text' || kind === 'number' ? field.label : undefined}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {errorLine}
    </div>
  );
}
