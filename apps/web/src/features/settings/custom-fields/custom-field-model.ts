import { CONTROL, CONTROL_TYPES, ENTITY_TYPES, type TCustomField } from '@steward/contracts/custom-fields';
import type { CustomFieldInput } from '../../../api/settings.ts';

/*
 * The Custom Field Setup screen's model (spec 2.20, §3 'Custom field'; existing-client-api §6.4):
 * the words shown for the stored codes, the form's values and the request body built from them.
 */

/**
 * The words shown for each control type code (contracts CONTROL_TYPES; the spec's names are
 * codes such as 'DropdownList', shown here as an administrator reads them).
 */
const CONTROL_WORDS: Record<number, string> = {
  [CONTROL.Text]: 'Text',
  [CONTROL.DropdownList]: 'Dropdown List',
  [CONTROL.CheckBox]: 'Checkbox',
  [CONTROL.DateTime]: 'Date/Time',
  [CONTROL.Email]: 'Email',
  [CONTROL.Image]: 'Image',
  [CONTROL.Number]: 'Number',
  [CONTROL.MultiSelectDropdownList]: 'Multi-select Dropdown List',
};

/** The words shown for each entity type code (contracts ENTITY_TYPES). */
const ENTITY_WORDS: Record<number, string> = {
  0: 'Member',
  1: 'First Timers',
  2: 'New Converts',
  3: 'Activity',
  4: 'Event Registration Form',
  5: 'Check-in Attendance',
};

/** The CONTROL TYPE cell's text for a stored code ('Code 9' for a code this screen does not know). */
export function controlTypeName(code: number): string {
  return CONTROL_WORDS[code] ?? `Code ${code}`;
}

/** The ENTITY TYPE cell's text for a stored code. */
export function entityTypeName(code: number): string {
  return ENTITY_WORDS[code] ?? `Code ${code}`;
}

/** The control type select's options, in the order of the server's list (GetAllControls). */
export const CONTROL_TYPE_OPTIONS = CONTROL_TYPES.map((c) => ({ value: c.id, label: controlTypeName(c.id) }));

/** The entity type select's options (GetCustomizableObjects). */
export const ENTITY_TYPE_OPTIONS = ENTITY_TYPES.map((e) => ({ value: e.id, label: entityTypeName(e.id) }));

/** Whether a control type takes a list of options (DropdownList and MultiSelectDropdownList). */
export function takesOptions(controlType: number | undefined): boolean {
  return controlType === CONTROL.DropdownList || controlType === CONTROL.MultiSelectDropdownList;
}

/** The values of the add form and of the row editor. */
export interface CustomFieldValues {
  label: string;
  controlType?: number;
  entityType?: number;
  /** the dropdown options as chips (used only when the control type takes options; absent when not shown) */
  options?: string[];
}

export const EMPTY_FIELD_VALUES: CustomFieldValues = { label: '', options: [] };

/** A stored field as the row editor's values: its comma-joined options split into chips. */
export function toFieldValues(field: TCustomField): CustomFieldValues {
  return {
    label: field.label,
    controlType: field.controlType,
    entityType: field.entityType,
    options: optionsOf(field),
  };
}

/** The options of a stored field, in order ([] for types without options). */
export function optionsOf(field: Pick<TCustomField, 'parameterValues'>): string[] {
  return field.parameterValues
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/**
 * The save body (existing-client-api §6.4) for valid form values: label trimmed, options
 * comma-joined for a dropdown type, '' for every other type (the server stores '' then too).
 * Throws when a select is empty (the form's rules prevent it).
 */
export function toFieldInput(values: CustomFieldValues): CustomFieldInput {
  if (values.controlType === undefined || values.entityType === undefined) {
    throw new Error('Choose a control type and an entity type first');
  }
  return {
    label: values.label.trim(),
    controlType: values.controlType,
    entityType: values.entityType,
    parameterValues: takesOptions(values.controlType) ? (values.options ?? []).join(',') : '',
  };
}

/** The form field that shows a server 400 about the request field `field`, if any. */
const FORM_FIELD_OF: Record<string, { name: keyof CustomFieldValues; words: string }> = {
  label: { name: 'label', words: 'Label' },
  controlType: { name: 'controlType', words: 'Control type' },
  entityType: { name: 'entityType', words: 'Entity type' },
  parameterValues: { name: 'options', words: 'Options' },
};

/**
 * Where a server's field error goes: the form field and the message as a sentence (the server
 * writes some as a predicate: 'is already the label of another custom field of this entity'
 * becomes 'Label is already the label of ...'). Null for a field the form does not show.
 */
export function formErrorOf(error: {
  field: string;
  message: string;
}): { name: keyof CustomFieldValues; message: string } | null {
  const target = FORM_FIELD_OF[error.field];
  if (!target) return null;
  const sentence = /^[a-z]/.test(error.message) ? `${target.words} ${error.message}` : error.message;
  return { name: target.name, message: sentence };
}
