import type { TCustomField } from '@steward/contracts/custom-fields';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form } from 'antd';
import { isNetworkError, serverMessageOf } from '../../../api/http.ts';
import { settingsKeys } from '../../../api/query-keys.ts';
import { createCustomField } from '../../../api/settings.ts';
import { useToast } from '../../../components/use-toast.ts';
import { CustomFieldInputs, showFieldErrors } from './custom-field-inputs.tsx';
import { EMPTY_FIELD_VALUES, toFieldInput, type CustomFieldValues } from './custom-field-model.ts';

/** A failed save's toast: the network message, else the server's words, else the generic one. */
export function saveFailureText(err: unknown): string {
  if (isNetworkError(err)) return MESSAGES.networkDisrupted;
  return serverMessageOf(err) ?? MESSAGES.customFieldDeleteFailed;
}

/**
 * The add form of Custom Field Setup (spec 2.20): label, control type, dropdown options
 * (chips), entity type, Save. POST /api/CustomFields/SaveCustomFields; on success the field is
 * appended to the cached list (§4 'creation appends the returned field and resets the form'),
 * 'Custom Field created successfully' shows and the form is cleared. A 400 shows on its field.
 */
export function CustomFieldAddForm() {
  const [form] = Form.useForm<CustomFieldValues>();
  const toast = useToast();
  const queryClient = useQueryClient();

  const create = useMutation({
    mutationFn: (values: CustomFieldValues) => createCustomField(toFieldInput(values)),
    onSuccess: (field) => {
      queryClient.setQueryData<TCustomField[]>(settingsKeys.customFields(), (list) =>
        list ? [...list.filter((f) => f.id !== field.id), field] : list,
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.customFields() });
      toast.success(MESSAGES.customFieldCreated);
      form.resetFields();
    },
    onError: (err) => {
      if (!showFieldErrors(form, err)) toast.error(saveFailureText(err));
    },
  });

  return (
    <Card size="small" title="Add a custom field" style={{ marginBottom: 24 }}>
      <Form<CustomFieldValues>
        form={form}
        name="add-custom-field"
        layout="vertical"
        aria-label="Add a custom field"
        initialValues={EMPTY_FIELD_VALUES}
        onFinish={(values) => create.mutate(values)}
        requiredMark={false}
      >
        <CustomFieldInputs form={form} />
        <Flex justify="flex-end">
          {/* disabled, not `loading`: antd's loading icon can stay in the DOM after a quick save and rename the button "loading Save" */}
          <Button type="primary" htmlType="submit" disabled={create.isPending} aria-busy={create.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
