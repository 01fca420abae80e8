import type { TCustomField } from '@steward/contracts/custom-fields';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { settingsKeys } from '../../../api/query-keys.ts';
import { editCustomField } from '../../../api/settings.ts';
import { useToast } from '../../../components/use-toast.ts';
import { saveFailureText } from './custom-field-add-form.tsx';
import { CustomFieldInputs, showFieldErrors } from './custom-field-inputs.tsx';
import { toFieldInput, toFieldValues, type CustomFieldValues } from './custom-field-model.ts';

interface CustomFieldRowEditorProps {
  field: TCustomField;
  /** Closes the editor (after Discard or a save). */
  onClose: () => void;
}

/**
 * The inline editor a row's View opens (spec 2.20): label, control type, dropdown options
 * (chips), entity type, Save and Discard. PUT /api/CustomFields/EditCustomFields; on success
 * the row is replaced in the cached list, 'Custom Field Updated successfully' shows and the
 * editor closes (§4). A 400 shows on its field; a 409 (the field holds answers and its type
 * would change) shows the server's sentence as an error toast. Escape discards.
 */
export function CustomFieldRowEditor({ field, onClose }: CustomFieldRowEditorProps) {
  const [form] = Form.useForm<CustomFieldValues>();
  const toast = useToast();
  const queryClient = useQueryClient();

  const edit = useMutation({
    mutationFn: (values: CustomFieldValues) => editCustomField(field.id, toFieldInput(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData<TCustomField[]>(settingsKeys.customFields(), (list) =>
        list?.map((f) => (f.id === saved.id ? saved : f)),
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.customFields() });
      toast.success(MESSAGES.customFieldUpdated);
      onClose();
    },
    onError: (err) => {
      if (!showFieldErrors(form, err)) toast.error(saveFailureText(err));
    },
  });

  return (
    <Form<CustomFieldValues>
      form={form}
      name={`edit-custom-field-${field.id}`}
      layout="vertical"
      aria-label={`Edit ${field.label}`}
      initialValues={toFieldValues(field)}
      onFinish={(values) => edit.mutate(values)}
      onKeyDown={(e) => {
        // Escape closing an open select's list is the select's, not a discard
        const openList = (e.target as HTMLElement).getAttribute('aria-expanded') === 'true';
        if (e.key === 'Escape' && !e.defaultPrevented && !openList) onClose();
      }}
      requiredMark={false}
      // contain: the editor takes the row's width and never widens the table
      style={{ contain: 'inline-size', padding: '8px 0' }}
    >
      <CustomFieldInputs form={form} autoFocus />
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onClose}>Discard</Button>
        {/* disabled, not `loading`: antd's loading icon can stay in the DOM after a quick save and rename the button "loading Save" */}
        <Button type="primary" htmlType="submit" disabled={edit.isPending} aria-busy={edit.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
