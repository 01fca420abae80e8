import { CheckCircleFilled } from '@ant-design/icons';
import { REPORT_MESSAGES, type TSharedReport } from '@steward/contracts/report';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Layout, Result, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { getSharedReport, reportKeys } from '../../api/report.ts';
import { formatDate } from '../../components/dates.ts';
import { formatAmount } from '../../components/format-amount.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { formatRate } from './report-rows-table.tsx';

const cell = { padding: '12px 0', borderBottom: '1px solid #eef0f3', verticalAlign: 'top' as const };
const num = { fontVariantNumeric: 'tabular-nums' as const, whiteSpace: 'nowrap' as const };

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f6fa' }}>
      <main style={{ width: '100%', maxWidth: 720, margin: '0 auto', padding: '24px 12px 40px' }}>{children}</main>
      <footer style={{ textAlign: 'center', color: '#8a94a0', fontSize: 12, paddingBottom: 24 }}>
        Powered by Steward
      </footer>
    </Layout>
  );
}

/**
 * The report itself: a two-column list that fits a phone. Each line is an offering item with
 * its channel under it, and its amount in the church currency on the right; an offering in
 * another currency also shows its own amount and the rate used, so the right-hand column adds
 * up by hand to the total.
 */
function SharedReportBody({ r }: { r: TSharedReport }) {
  const home = r.tenantCurrency;
  return (
    <Card>
      <Typography.Text type="secondary" data-testid="shared-church">
        {r.churchName}
      </Typography.Text>
      <Typography.Title level={1} style={{ fontSize: 24, margin: '2px 0 12px' }}>
        Offering Report
      </Typography.Title>
      <Flex justify="space-between" align="flex-end" wrap gap={12}>
        <div>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }} data-testid="shared-event">
            {r.activityName ?? 'Offering Details'}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="shared-date">
            {formatDate(r.date)}
          </Typography.Text>
        </div>
        <div style={{ textAlign: 'right', marginLeft: 'auto' }}>
          <Typography.Text type="secondary">Total Offering</Typography.Text>
          <div style={{ fontSize: 24, fontWeight: 600, ...num }} data-testid="shared-total">
            {formatAmount(r.totalToday, home, { absolute: true })}
          </div>
        </div>
      </Flex>
      <div style={{ margin: '12px 0 4px' }}>
        <Tag color="green" icon={<CheckCircleFilled aria-hidden />}>
          Approved on {formatDate(dayjs(r.approvedAt).format('YYYY-MM-DD'))}
        </Tag>
      </div>
      <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 8 }} aria-label="Offerings">
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'left', fontSize: 12, color: '#5b6770' }} scope="col">
              Offering Item
            </th>
            <th style={{ ...cell, textAlign: 'right', fontSize: 12, color: '#5b6770' }} scope="col">
              Amount ({home})
            </th>
          </tr>
        </thead>
        <tbody>
          {r.rows.length === 0 ? (
            <tr>
              <td colSpan={2} style={{ ...cell, color: '#5b6770' }}>
                No offerings recorded for this date
              </td>
            </tr>
          ) : null}
          {r.rows.map((x, i) => (
            <tr key={i}>
              <td style={cell}>
                <div>{x.contribution}</div>
                <div style={{ color: '#8a94a0', fontSize: 13 }}>{x.channel}</div>
              </td>
              <td style={{ ...cell, textAlign: 'right' }}>
                <div style={num}>
                  {x.convertedAmount === null ? '—' : formatAmount(x.convertedAmount, home, { absolute: true })}
                </div>
                {x.currencyName !== home ? (
                  <div style={{ color: '#8a94a0', fontSize: 13, ...num }}>
                    {formatAmount(x.amount, x.currencyName, { absolute: true })}
                    {x.rate === null ? ' · no rate' : ` at ${formatRate(x.rate)}`}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" style={{ ...cell, textAlign: 'left', borderBottom: 'none' }}>
              Total
            </th>
            <td style={{ ...cell, textAlign: 'right', fontWeight: 600, borderBottom: 'none', ...num }}>
              {formatAmount(r.totalToday, home, { absolute: true })}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

/**
 * /r/{token}: the read-only view a share link opens, without signing in (issue 7), made for
 * phones as much as for desktops. A withdrawn link says so ('This link was withdrawn'); an
 * unknown one, or a report the church is revising, says that instead.
 */
export function ReportSharedPage() {
  const { token = '' } = useParams();
  const report = useQuery({
    queryKey: reportKeys.shared(token),
    queryFn: () => getSharedReport(token),
    staleTime: 60_000,
  });
  if (report.isPending)
    return (
      <Shell>
        <Card aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </Shell>
    );
  if (report.isError) {
    const err = report.error;
    const status = err instanceof HttpError ? err.status : 0;
    let content;
    if (isNetworkError(err)) content = <NetworkErrorState onRetry={() => void report.refetch()} />;
    else if (status === 410)
      content = (
        <Result
          status="warning"
          title={REPORT_MESSAGES.linkWithdrawn}
          subTitle="The church has withdrawn this link to its offering report. Ask them for a new one if you still need it."
        />
      );
    else if (status === 409)
      content = (
        <Result
          status="info"
          title="This report is being revised"
          subTitle="The church is correcting this offering report. Please check again later."
          extra={<Button onClick={() => void report.refetch()}>Check again</Button>}
        />
      );
    else if (status === 429) content = <Result status="warning" title="Too many requests, please wait and try again" />;
    else
      content = (
        <Result
          status="404"
          title="This link does not open any report"
          subTitle="Check that you copied the whole link."
        />
      );
    return (
      <Shell>
        <Card>{content}</Card>
      </Shell>
    );
  }
  return (
    <Shell>
      <SharedReportBody r={report.data.returnObject} />
    </Shell>
  );
}
