import { PlusOutlined } from '@ant-design/icons';
import type { TCurrency } from '@steward/contracts/lookups';
import { MESSAGES } from '@steward/contracts/messages';
import type { TOfferingRowInput } from '@steward/contracts/offerings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Divider, Flex, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError, NetworkError, type FieldError } from '../../api/http.ts';
import { saveOfferings } from '../../api/offerings.ts';
import { useFxRates, useOfferingItems } from '../../api/queries.ts';
import { DATE_FORMAT, ISO_DATE, toDayjs } from '../../components/dates.ts';
import { useToast } from '../../components/use-toast.ts';
import { OfferingItemDialog } from '../offering-items/offering-item-dialog.tsx';
import { DonorModal } from './donor-modal.tsx';
import { EventPicker } from './event-picker.tsx';
import { GrandTotal } from './grand-total.tsx';
import { invalidateAfterOfferingChange } from './offering-cache.ts';
import { offeringReportPath } from './offering-links.ts';
import { firstRowProblem, newRow, toPayload, type OfferingRow } from './offering-form-model.ts';
import { OfferingRowFields } from './offering-row-fields.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

export interface OfferingFormInitial {
  date: Dayjs;
  activityId: string | null;
  rows: OfferingRow[];
}

interface OfferingFormProps {
  initial: OfferingFormInitial;
  /** Edit mode: one row, saved with PUT Edit. */
  editing: boolean;
  currencies: TCurrency[];
  tenantCurrency: { code: string; id: number | null };
}

/** '0.amount' / '[0].amount' → 'Row 1, amount: …'. */
function describeFieldError(e: FieldError): string {
  const m = /^\[?(\d+)\]?\.?(.*)$/.exec(e.field);
  return m ? `Row ${Number(m[1]) + 1}${m[2] ? `, ${m[2]}` : ''}: ${e.message}` : `${e.field}: ${e.message}`;
}

/**
 * The offering recording form (spec 2.3): event, date, rows, grand total with converter, notes
 * (not sent), 'Save and Continue' → the offering report of the date (and event).
 */
export function OfferingForm({ initial, editing, currencies, tenantCurrency }: OfferingFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const items = useOfferingItems();
  const rates = useFxRates();
  const idempotency = useIdempotencyKey();
  const [activityId, setActivityId] = useState(initial.activityId);
  const [date, setDate] = useState<Dayjs | null>(initial.date);
  const [rows, setRows] = useState<OfferingRow[]>(initial.rows);
  const [notes, setNotes] = useState('');
  const [itemDialogRow, setItemDialogRow] = useState<string | null>(null);
  const [donorRow, setDonorRow] = useState<string | null>(null);
  const [createdItems, setCreatedItems] = useState<{ id: string; name: string }[]>([]);
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  const itemOptions = useMemo(() => {
    const list = (items.data ?? []).map((i) => ({ id: i.id, name: i.name }));
    return [...list, ...createdItems.filter((c) => !list.some((i) => i.id === c.id))];
  }, [items.data, createdItems]);

  const patchRow = (key: string, patch: Partial<OfferingRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const mutation = useMutation({
    mutationFn: ({ payload, key }: { payload: TOfferingRowInput[]; key: string }) => saveOfferings(payload, key),
    onSuccess: async (res, { payload }) => {
      if (!res.status) {
        toast.error(MESSAGES.offeringSaveFailed);
        setServerErrors(res.response ? [res.response] : []);
        return;
      }
      idempotency.reset();
      toast.success(MESSAGES.offeringQuickSaved);
      void invalidateAfterOfferingChange(queryClient);
      const first = payload[0];
      await navigate(offeringReportPath(first ? String(first.date) : '', activityId));
    },
    onError: (err) => {
      toast.error(MESSAGES.offeringSaveFailed);
      if (err instanceof NetworkError) setServerErrors([MESSAGES.networkDisrupted]);
      else if (err instanceof HttpError)
        setServerErrors(
          err.fieldErrors.length > 0 ? err.fieldErrors.map(describeFieldError) : [err.serverMessage ?? err.message],
        );
      else setServerErrors([]);
    },
  });

  const save = () => {
    setServerErrors([]);
    const problem = firstRowProblem(rows);
    if (problem === 'amount') return toast.warning(MESSAGES.enterAmount);
    if (problem === 'item') return toast.warning('Select an Offering Item for every row');
    if (problem === 'currency') return toast.warning('Select a currency for every row');
    if (!date) return toast.warning('Select the date of the offering');
    const payload = toPayload(rows, {
      date: date.format(ISO_DATE),
      activityId,
      itemName: (id) => itemOptions.find((i) => i.id === id)?.name,
    });
    mutation.mutate({ payload, key: idempotency.keyFor(payload) });
  };

  return (
    <section aria-label={editing ? 'Edit offering' : 'Add offering'}>
      <Row gutter={16}>
        <Col xs={24} md={14} lg={12}>
          <label htmlFor="offering-event" style={{ display: 'block', marginBottom: 6 }}>
            Event
          </label>
          <EventPicker
            id="offering-event"
            value={activityId}
            onChange={(event) => {
              setActivityId(event?.activityID ?? null);
              const d = toDayjs(event?.date);
              if (d) setDate(d);
            }}
          />
        </Col>
        <Col xs={24} md={10} lg={6}>
          <label htmlFor="offering-date" style={{ display: 'block', marginBottom: 6, marginTop: 0 }}>
            Date
          </label>
          <DatePicker
            id="offering-date"
            aria-label="Date"
            format={DATE_FORMAT}
            value={date}
            onChange={setDate}
            allowClear={false}
            style={{ width: '100%' }}
          />
        </Col>
      </Row>

      <Divider titlePlacement="start" style={{ marginTop: 28 }}>
        Offering Items
      </Divider>
      {rows.map((row, index) => (
        <OfferingRowFields
          key={row.key}
          row={row}
          index={index}
          items={itemOptions}
          itemsLoading={items.isPending}
          currencies={currencies}
          rates={rates.data}
          onChange={(patch) => patchRow(row.key, patch)}
          onCreateItem={() => setItemDialogRow(row.key)}
          onPickDonor={() => setDonorRow(row.key)}
          {...(!editing && rows.length > 1
            ? { onRemove: () => setRows((rs) => rs.filter((r) => r.key !== row.key)) }
            : {})}
        />
      ))}
      {editing ? null : (
        <Button
          icon={<PlusOutlined aria-hidden />}
          style={{ marginTop: 12 }}
          onClick={() => setRows((rs) => [...rs, newRow(tenantCurrency.id)])}
        >
          Add Offering Item
        </Button>
      )}

      <div style={{ marginTop: 24 }}>
        <GrandTotal rows={rows} currencies={currencies} tenantCurrency={tenantCurrency.code} />
      </div>

      <div style={{ marginTop: 20 }}>
        <label htmlFor="offering-notes" style={{ display: 'block', marginBottom: 6 }}>
          Notes
        </label>
        <Input.TextArea
          id="offering-notes"
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="Notes for yourself (not saved)"
        />
      </div>

      {serverErrors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={MESSAGES.offeringSaveFailed}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {serverErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Flex justify="flex-end" style={{ marginTop: 24 }}>
        <Button type="primary" size="large" onClick={save} loading={mutation.isPending}>
          Save and Continue
        </Button>
      </Flex>

      <OfferingItemDialog
        open={itemDialogRow !== null}
        onClose={() => setItemDialogRow(null)}
        onSaved={(item) => {
          setCreatedItems((list) => [...list, item]);
          if (itemDialogRow) patchRow(itemDialogRow, { itemId: item.id });
        }}
      />
      <DonorModal
        open={donorRow !== null}
        onClose={() => setDonorRow(null)}
        onSelect={(donor) => {
          if (donorRow) patchRow(donorRow, { donor });
          setDonorRow(null);
        }}
      />
    </section>
  );
}
