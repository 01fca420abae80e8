import { ZGroupDescription, ZGroupName, type TGroupNode } from '@steward/contracts/groups';
import { Form, Input, type FormInstance } from 'antd';
import { HttpError } from '../../api/http.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { ParentGroupSelect } from './parent-group-select.tsx';

/** The values of the group forms: the create dialog and the create / edit page (spec 2.21). */
export interface GroupFormValues {
  name: string;
  description?: string | null;
  /** null = top level; only asked when creating. */
  parentId?: string | null;
}

const FIELD_LABELS: Record<string, keyof GroupFormValues> = {
  name: 'name',
  description: 'description',
  parentId: 'parentId',
};

/**
 * A server reason as a sentence under its field: the server words most reasons to follow the
 * field's name ('is already the name of another group ...'), which read 'This is already ...'.
 */
export function fieldSentence(reason: string): string {
  return /^[a-z]/.test(reason) ? `This ${reason}` : reason;
}

/**
 * Puts the field errors of a 400 answer (`errors[{field, message}]`, e.g. a name already used
 * under the same parent) under their fields. Returns false when the error carried none.
 */
export function showServerFieldErrors(form: FormInstance<GroupFormValues>, err: unknown): boolean {
  if (!(err instanceof HttpError)) return false;
  const fields = err.fieldErrors.flatMap((e) => {
    const name = FIELD_LABELS[e.field];
    return name ? [{ name, errors: [fieldSentence(e.message)] }] : [];
  });
  form.setFields(fields);
  return fields.length > 0;
}

interface GroupFormFieldsProps {
  /** Shows 'Parent group' (creating); the tree to choose it from. */
  parentChoices?: readonly TGroupNode[];
  /** Puts the cursor in 'Group name' when shown (the dialog). */
  autoFocus?: boolean;
}

/**
 * The fields of a group (spec 2.21 'Create group' dialog): 'Group name' (required, the contract's
 * ZGroupName rules: 1-100 characters, one line), 'Description' (optional, up to 500) and, when
 * creating, 'Parent group' (default top level). Lives inside an antd Form of GroupFormValues; the
 * Form's `name` makes the fields' ids (and so their labels) unique on the page.
 */
export function GroupFormFields({ parentChoices, autoFocus = false }: GroupFormFieldsProps) {
  return (
    <>
      <Form.Item<GroupFormValues> name="name" label="Group name" required rules={[zodRule(ZGroupName)]}>
        <Input autoFocus={autoFocus} maxLength={100} autoComplete="off" placeholder="e.g. Youth Choir" />
      </Form.Item>
      <Form.Item<GroupFormValues> name="description" label="Description" rules={[zodRule(ZGroupDescription)]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      {parentChoices ? (
        <Form.Item<GroupFormValues> name="parentId" label="Parent group">
          <ParentGroupSelect forest={parentChoices} />
        </Form.Item>
      ) : null}
    </>
  );
}
