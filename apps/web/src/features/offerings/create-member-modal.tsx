import { MESSAGES } from '@steward/contracts/messages';
import { ZCreateMemberRequest, type TCreateMemberRequest, type TMemberSummary } from '@steward/contracts/people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Modal, Row } from 'antd';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { createMember } from '../../api/people.ts';
import { memberKeys } from '../../api/query-keys.ts';
import { useToast } from '../../components/use-toast.ts';
import { zodRule } from '../../components/zod-rule.ts';

interface CreateMemberModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (member: TMemberSummary) => void;
}

const FIELDS = ZCreateMemberRequest.shape;

/** 'Create New Member' (spec 2.3): first name, last name, phone, e-mail; the member becomes the row's donor. */
export function CreateMemberModal({ open, onClose, onCreated }: CreateMemberModalProps) {
  const [form] = Form.useForm<TCreateMemberRequest>();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: createMember,
    onSuccess: (res) => {
      if (!res.status) {
        toast.error(res.response);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      toast.success(MESSAGES.memberCreated);
      form.resetFields();
      onCreated(res.returnObject);
    },
    onError: (err) => {
      if (err instanceof HttpError && err.fieldErrors.length > 0) {
        form.setFields(
          err.fieldErrors
            .filter((f) => f.field in FIELDS)
            .map((f) => ({ name: f.field as keyof TCreateMemberRequest, errors: [f.message] })),
        );
      }
      toast.error(
        isNetworkError(err) ? MESSAGES.networkDisrupted : (serverMessageOf(err) ?? MESSAGES.offeringItemSaveFailed),
      );
    },
  });

  return (
    <Modal
      open={open}
      title="Create New Member"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
          Save
        </Button>,
      ]}
    >
      <Form<TCreateMemberRequest> form={form} layout="vertical" onFinish={(v) => mutation.mutate(v)}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="firstName" required rules={[zodRule(FIELDS.firstName)]}>
              <Input autoFocus autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name" name="lastName" rules={[zodRule(FIELDS.lastName)]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Phone" name="mobilePhone" rules={[zodRule(FIELDS.mobilePhone)]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="E-mail" name="email" rules={[zodRule(FIELDS.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
