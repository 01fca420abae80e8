import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@steward/contracts/messages';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Typography, type FormInstance, type FormRule } from 'antd';
import { useToast } from '../../components/use-toast.ts';
import {
  EMPTY_REMITTANCE_ROW,
  percentRemaining,
  percentTotalScaled,
  type OfferingItemValues,
  type RemittanceGroup,
} from './offering-item-model.ts';

interface RemittanceRowsProps {
  form: FormInstance<OfferingItemValues>;
  groups: RemittanceGroup[];
  loading: boolean;
  cashAccountName: string | undefined;
  percentRule: FormRule;
}

const GROUP_LABELS: Record<string, string> = {
  assets: 'Assets',
  income: 'Income',
  liability: 'Liabilities',
  expense: 'Expenses',
  equity: 'Funds',
};

function searchByLabel(input: string, option?: { label?: unknown }): boolean {
  return String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());
}

/**
 * The 'Apply Split/Remittance' rows (spec 2.5): Account (grouped by account type) and
 * Percentage %, 'Add row' (refused at 100% or more), delete row (the last row stays), a live
 * 'Percentage Remaining' and a note that the remainder goes to the cash account.
 */
export function RemittanceRows({ form, groups, loading, cashAccountName, percentRule }: RemittanceRowsProps) {
  const toast = useToast();
  const rows = Form.useWatch('remittance', form);
  const remaining = percentRemaining(rows);
  const options = groups.map((g) => ({
    label: GROUP_LABELS[g.accountType] ?? g.accountType,
    title: g.accountType,
    options: g.accounts.map((a) => ({ value: a.id, label: a.text })),
  }));

  return (
    <section aria-label="Split/Remittance" style={{ background: '#f8f9fc', borderRadius: 8, padding: 16 }}>
      <Form.List name="remittance">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Row key={field.key} gutter={12} align="top">
                <Col xs={24} sm={14}>
                  <Form.Item
                    label={index === 0 ? 'Account' : undefined}
                    name={[field.name, 'accountId']}
                    rules={[{ required: true, message: 'Select an account' }]}
                  >
                    <Select
                      aria-label={`Remittance account ${index + 1}`}
                      showSearch={{ filterOption: searchByLabel }}
                      placeholder="Select account"
                      options={options}
                      loading={loading}
                    />
                  </Form.Item>
                </Col>
                <Col xs={18} sm={8}>
                  <Form.Item
                    label={index === 0 ? 'Percentage %' : undefined}
                    name={[field.name, 'percentage']}
                    rules={[percentRule]}
                  >
                    <Input inputMode="decimal" suffix="%" aria-label={`Percentage ${index + 1}`} placeholder="0" />
                  </Form.Item>
                </Col>
                <Col xs={6} sm={2}>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Delete row ${index + 1}`}
                      onClick={() => {
                        if (fields.length <= 1) toast.error(MESSAGES.remittanceLastRow);
                        else remove(field.name);
                      }}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => {
                  if (
                    percentTotalScaled(form.getFieldValue('remittance') as OfferingItemValues['remittance']) >=
                    100 * 10_000
                  )
                    toast.error(MESSAGES.remittanceOver100);
                  else add({ ...EMPTY_REMITTANCE_ROW });
                }}
              >
                Add row
              </Button>
              <Typography.Text
                strong
                type={remaining < 0 ? 'danger' : undefined}
                aria-live="polite"
                data-testid="percentage-remaining"
              >
                Percentage Remaining: {remaining}%
              </Typography.Text>
            </Flex>
          </>
        )}
      </Form.List>
      <Alert
        style={{ marginTop: 12 }}
        type="info"
        showIcon
        title={
          cashAccountName
            ? `The remaining ${Math.max(remaining, 0)}% goes to the cash account you chose (${cashAccountName}).`
            : 'The remaining percentage goes to the cash account you choose above.'
        }
      />
    </section>
  );
}
