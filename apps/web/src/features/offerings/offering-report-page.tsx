import { NIL_ID } from '@steward/contracts/common';
import { REPORT_MESSAGES } from '@steward/contracts/report';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TOfferingReport } from '@steward/contracts/offerings';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Result, Row, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';
import { getOfferingReport } from '../../api/offerings.ts';
import { offeringKeys } from '../../api/query-keys.ts';
import { formatDate, isoDatePart } from '../../components/dates.ts';
import { formatAmount } from '../../components/format-amount.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { ADD_OFFERING_PATH } from './offering-links.ts';
import { formatComparison } from './report-format.ts';
import { ReportMonthlyChart } from './report-monthly-chart.tsx';
import { ReportApprovalPanel } from './report-approval-panel.tsx';
import { ReportRowsTable } from './report-rows-table.tsx';
import { ReportSendDialog } from './report-send-dialog.tsx';
import type { ReactNode } from 'react';

function Comparison({
  title,
  percent,
  previous,
  currency,
}: {
  title: string;
  percent: number | null;
  previous: number;
  currency: string;
}) {
  const { short, full } = formatComparison(percent);
  const up = (percent ?? 0) >= 0;
  return (
    <Card size="small">
      <Typography.Text type="secondary">{title}</Typography.Text>
      <Flex align="baseline" gap={8}>
        <Tooltip title={full}>
          <Typography.Text
            strong
            style={{ fontSize: 22, color: percent === null ? undefined : up ? '#2b8a3e' : '#c92a2a' }}
            aria-label={`${title}: ${full}`}
          >
            {percent === null ? null : up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />} {short}
          </Typography.Text>
        </Tooltip>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Then: {formatAmount(previous, currency, { absolute: true })}
      </Typography.Text>
    </Card>
  );
}

/** The default message of the send dialog: the report in one sentence (also the SMS text). */
function defaultMessage(r: TOfferingReport, eventName: string | null, date: string): string {
  const what = eventName ? `${eventName} on ${formatDate(date)}` : formatDate(date);
  return `Here is the offering report for ${what}. Total offering: ${formatAmount(r.totalToday, r.tenantCurrency, { absolute: true })}.`;
}

/**
 * The offering report (spec 2.6): /tenant/offeringreport?report=YYYY-MM-DD[&activityID=] and the
 * full-report link of the e-mail, /tenant/report/{YYYY-MM-DD}[?activityID=]. The offerings of the
 * date (and event) with the total in the church currency (each row's rate and converted amount
 * when the report holds other currencies), the DRAFT notice and 'Approve report', then the send
 * section once approved (report-approval-panel.tsx) and the send dialog; with an event, the
 * comparisons with last week, last month and last year and the monthly OFFERING chart.
 */
export function OfferingReportPage() {
  const [params] = useSearchParams();
  const { report: reportParam } = useParams();
  const date = isoDatePart(reportParam ?? params.get('report'));
  const rawActivity = params.get('activityID') ?? params.get('activityId');
  const activityId = rawActivity && rawActivity !== NIL_ID ? rawActivity : null;
  const [sending, setSending] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const report = useQuery({
    queryKey: offeringKeys.report(date ?? '', activityId),
    queryFn: () => getOfferingReport(date ?? '', activityId),
    enabled: Boolean(date),
  });

  const header = (
    <PageHeader title="New Offerings and Report" actions={<Link to={ADD_OFFERING_PATH}>Create another report</Link>} />
  );
  const withHeader = (content: ReactNode) => (
    <>
      {header}
      {content}
    </>
  );
  if (!date)
    return withHeader(
      <Result
        status="warning"
        title="Choose an offering to see its report"
        extra={<Link to="/tenant/offering">Go to Offerings</Link>}
      />,
    );
  if (report.isPending) return withHeader(<PageSkeleton rows={8} />);
  if (report.isError)
    return withHeader(
      isNetworkError(report.error) ? (
        <NetworkErrorState onRetry={() => void report.refetch()} />
      ) : (
        <Result
          status="error"
          title="The report could not be loaded"
          subTitle={serverMessageOf(report.error) ?? 'Please try again in a moment.'}
        />
      ),
    );
  if (!report.data.status) return withHeader(<Result status="warning" title={report.data.response} />);

  const r = report.data.returnObject;
  const currency = r.tenantCurrency;
  const reportKey = { date, activityId };
  const eventName = activityId ? r.activityName : null;

  return (
    <>
      {header}
      <Card style={{ marginBottom: 20 }}>
        <Flex justify="space-between" align="flex-start" wrap gap={16}>
          <div>
            <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} data-testid="report-event">
              {r.activityName || 'Offerings'}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="report-date">
              {formatDate(r.activityDate || date)}
            </Typography.Text>
          </div>
          <div style={{ textAlign: 'right', marginLeft: 'auto' }}>
            <Typography.Text type="secondary">Total Offering</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0, fontSize: 26 }} data-testid="report-total">
              {formatAmount(r.totalToday, currency, { absolute: true })}
            </Typography.Title>
          </div>
        </Flex>
        <ReportApprovalPanel
          key={`${date}/${activityId ?? ''}`}
          reportKey={reportKey}
          onSend={() => setSending(true)}
          link={link}
          onLink={(url) => setLink(url || null)}
        />
      </Card>

      {activityId ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 20 }} role="region" aria-label="Comparisons">
          <Col xs={24} md={8}>
            <Comparison
              title="Today vs last week"
              percent={r.totalLastWeek === 0 ? null : r.todayVsLastWeek}
              previous={r.totalLastWeek}
              currency={currency}
            />
          </Col>
          <Col xs={24} md={8}>
            <Comparison
              title="Today vs same time last month"
              percent={r.totalLastMonth === 0 ? null : r.todayVsLastMonth}
              previous={r.totalLastMonth}
              currency={currency}
            />
          </Col>
          <Col xs={24} md={8}>
            <Comparison
              title="Today vs same time last year"
              percent={r.totalLastYear === 0 ? null : r.todayVsLastYear}
              previous={r.totalLastYear}
              currency={currency}
            />
          </Col>
        </Row>
      ) : null}

      <ReportRowsTable rows={r.todayContributions} currency={currency} total={r.totalToday} />

      {activityId ? <ReportMonthlyChart monthly={r.monthly} currency={currency} /> : null}

      <ReportSendDialog
        key={`send/${date}/${activityId ?? ''}`}
        open={sending}
        onClose={() => setSending(false)}
        reportKey={reportKey}
        defaultSubject={REPORT_MESSAGES.subject(eventName ?? formatDate(date))}
        defaultMessage={defaultMessage(r, eventName, date)}
        link={link}
        onLink={(url) => setLink(url || null)}
      />
    </>
  );
}
