import { ZSaveCustomFieldRequest } from '@steward/contracts/custom-fields';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { HttpError } from '../../../api/http.ts';
import { ChipInput } from '../../../components/chip-input.tsx';
import { zodRule } from '../../../components/zod-rule.ts';
import {
  CONTROL_TYPE_OPTIONS,
  ENTITY_TYPE_OPTIONS,
  formErrorOf,
  takesOptions,
  type CustomFieldValues,
} from './custom-field-model.ts';

/** The message of an empty option list, as the server words it. */
const OPTIONS_REQUIRED = 'Enter at least one option for a dropdown';

/**
 * The inputs of a custom field (spec 2.20), shared by the add form and the row editor:
 * Label, Control Type, Entity Type and, for DropdownList and MultiSelectDropdownList only, the
 * Dropdown Options chips (required then). Rules reuse the contract's label rule; the options
 * rule re-runs when the control type changes. Must be rendered inside `form`.
 */
export function CustomFieldInputs({ form, autoFocus }: { form: FormInstance<CustomFieldValues>; autoFocus?: boolean }) {
  const controlType = Form.useWatch('controlType', form);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item label="Label" name="label" rules={[zodRule(ZSaveCustomFieldRequest.shape.label)]} required>
          <Input placeholder="e.g. Favourite colour" maxLength={100} autoFocus={autoFocus} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Control Type"
          name="controlType"
          rules={[{ required: true, message: 'Choose a control type' }]}
        >
          <Select placeholder="Select control type" options={CONTROL_TYPE_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label="Entity Type" name="entityType" rules={[{ required: true, message: 'Choose an entity type' }]}>
          <Select placeholder="Select entity type" options={ENTITY_TYPE_OPTIONS} />
        </Form.Item>
      </Col>
      {takesOptions(controlType) ? (
        <Col xs={24}>
          <Form.Item
            label="Dropdown Options"
            name="options"
            required
            dependencies={['controlType']}
            extra="Press Enter or type a comma after each option."
            rules={[
              {
                validator: async (_rule, value: string[] | undefined) => {
                  if (takesOptions(form.getFieldValue('controlType')) && (value ?? []).length === 0) {
                    throw new Error(OPTIONS_REQUIRED);
                  }
                },
              },
            ]}
          >
            <ChipInput aria-label="Dropdown Options" placeholder="Type an option, then press Enter" />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}

/**
 * Shows a failed save's field errors (400 `errors[]`) on the form's fields; answers whether
 * any was shown, so the caller toasts only what no field explains.
 */
export function showFieldErrors(form: FormInstance<CustomFieldValues>, err: unknown): boolean {
  if (!(err instanceof HttpError)) return false;
  const shown = err.fieldErrors.map(formErrorOf).filter((e) => e !== null);
  if (shown.length === 0) return false;
  form.setFields(shown.map((e) => ({ name: e.name, errors: [e.message] })));
  return true;
}
