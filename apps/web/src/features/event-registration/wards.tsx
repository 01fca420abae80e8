import { useId, useState } from 'react';
import type { Choice } from '../../api/event-registration.ts';
import { HttpError } from '../../api/http.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { Dialog } from './dialog.tsx';
import { REG_TEXT as T } from './texts.ts';

/*
 * The ward list and the 'Add New Ward' modal (spec 2.13): a table Name / Relationship with a
 * checkbox per row (ticked = registered with the person), the empty text, and the modal (name
 * required, phone optional, role 'Select role', Cancel / Save).
 */

/** A row of the ward list. */
export interface WardRow {
  personId: string;
  name: string;
  roleId: number;
  ticked: boolean;
}

/** The ward table and its 'Add New Ward' button. `onAdd` creates the ward (throws on failure). */
export function WardList({
  wards,
  roles,
  onToggle,
  onAdd,
}: {
  wards: WardRow[];
  roles: Choice[];
  onToggle: (personId: string, ticked: boolean) => void;
  onAdd: (ward: { name: string; phone: string; roleId: number | null }) => Promise<void>;
}) {
  const [adding, setAdding] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? '';
  return (
    <section className="er-wards" aria-label="Wards">
      <table className="er-table">
        <thead>
          <tr>
            <th scope="col" className="er-col-check">
              <span className="pp-sr-only">Register</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Relationship</th>
          </tr>
        </thead>
        <tbody>
          {wards.length === 0 ? (
            <tr>
              <td colSpan={3} className="er-empty">
                {T.wardsEmpty}
              </td>
            </tr>
          ) : (
            wards.map((w) => (
              <tr key={w.personId}>
                <td className="er-col-check">
                  <input
                    type="checkbox"
                    aria-label={`Register ${w.name}`}
                    checked={w.ticked}
                    onChange={(e) => onToggle(w.personId, e.target.checked)}
                  />
                </td>
                <td>{w.name}</td>
                <td>{roleName(w.roleId)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {toast ? <Notice kind="success">{toast}</Notice> : null}
      <button
        type="button"
        className="pp-button er-add-ward"
        onClick={() => {
          setToast(null);
          setAdding(true);
        }}
      >
        + Add New Ward
      </button>
      {adding ? (
        <AddWardDialog
          roles={roles}
          onCancel={() => setAdding(false)}
          onSave={async (ward) => {
            await onAdd(ward);
            setAdding(false);
            setToast(T.wardCreated);
          }}
        />
      ) : null}
    </section>
  );
}

/** The 'Add New Ward' modal (spec 2.13, §8 'Ward'). */
function AddWardDialog({
  roles,
  onCancel,
  onSave,
}: {
  roles: Choice[];
  onCancel: () => void;
  onSave: (ward: { name: string; phone: string; roleId: number | null }) => Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [roleId, setRoleId] = useState('');
  const [nameError, setNameError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // not a <form>: the modal sits inside the registration form, and a form in a form is not HTML
  const save = async () => {
    if (saving) return;
    if (!name.trim()) {
      setNameError(true);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ name: name.trim(), phone: phone.trim(), roleId: roleId ? Number(roleId) : null });
    } catch (err) {
      setFailure(err instanceof HttpError && err.serverMessage ? err.serverMessage : T.registerNetwork);
      setSaving(false);
    }
  };

  return (
    <Dialog title={T.addWardTitle} onClose={onCancel}>
      <div
        className="er-ward-form"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            void save();
          }
        }}
      >
        <div className={nameError ? 'pp-field has-error' : 'pp-field'}>
          <label className="pp-label" htmlFor={`${id}-name`}>
            Name{' '}
            <span className="er-required" aria-hidden>
              *
            </span>
          </label>
          <input
            id={`${id}-name`}
            className="pp-input"
            autoComplete="off"
            required
            aria-invalid={nameError || undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(false);
            }}
          />
          {nameError ? (
            <div id={`${id}-name-error`} className="pp-field-error">
              Enter the ward&rsquo;s name
            </div>
          ) : null}
        </div>
        <div className="pp-field">
          <label className="pp-label" htmlFor={`${id}-phone`}>
            Phone number (optional)
          </label>
          <input
            id={`${id}-phone`}
            className="pp-input"
            type="tel"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <div className="pp-field">
          <label className="pp-label" htmlFor={`${id}-role`}>
            Relationship
          </label>
          <select
            id={`${id}-role`}
            className="pp-input er-select"
            value={roleId}
            onChange={(e) => setRoleId(e.target.value)}
          >
            <option value="">{T.selectRole}</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        {failure ? <Notice kind="warning">{failure}</Notice> : null}
        <div className="er-actions">
          <button type="button" className="pp-button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="pp-button pp-button-primary"
            aria-busy={saving || undefined}
            disabled={saving}
            onClick={() => void save()}
          >
            {saving ? <Spinner /> : null}
            Save
          </button>
        </div>
      </div>
    </Dialog>
  );
}
