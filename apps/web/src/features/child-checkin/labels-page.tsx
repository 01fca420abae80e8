import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { childCheckinKeys, getCheckinLabels } from '../../api/child-checkin.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { ChildLabel, PickupLabel } from './check-in-labels.tsx';
import { errorMessage } from './checkin-model.ts';
import { CHILD_CHECKIN_PATH } from './child-checkin-links.ts';
import { CHILD_CHECKIN_TEXTS as T } from './child-checkin-texts.ts';
import './child-checkin.css';

/** The paper the labels are printed on. */
export type Paper = 'roll' | 'a4' | 'letter';
const PAPER_KEY = 'steward.childcheckin.paper';

/**
 * The @page rule of each paper: a 62 mm continuous roll (Brother QL and the like) cut to one
 * 62 x 100 mm label per page, or A4 / Letter sheets with the labels side by side to cut out.
 */
export const PAGE_RULES: Record<Paper, string> = {
  roll: '@page { size: 62mm 100mm; margin: 0; }',
  a4: '@page { size: A4 portrait; margin: 10mm; }',
  letter: '@page { size: letter portrait; margin: 10mm; }',
};

function rememberedPaper(): Paper {
  try {
    const v = localStorage.getItem(PAPER_KEY);
    return v === 'a4' || v === 'letter' ? v : 'roll';
  } catch {
    return 'roll';
  }
}

/**
 * /tenant/childcheckin/labels/:childCheckinId (issue 11 'Printable labels'): the print view of a
 * check-in's labels, one per child and the parent pickup label, all with the same security code
 * and QR code. 'Print Tag' prints them (window.print) on the paper chosen: the print stylesheet
 * hides the app's menus and this toolbar, and the page's @page rule sizes the pages.
 */
export function LabelsPage() {
  const { childCheckinId = '' } = useParams();
  const [paper, setPaper] = useState<Paper>(rememberedPaper);
  const labels = useQuery({
    queryKey: childCheckinKeys.labels(childCheckinId),
    queryFn: () => getCheckinLabels(childCheckinId),
    retry: false,
  });

  const choosePaper = (p: Paper) => {
    setPaper(p);
    try {
      localStorage.setItem(PAPER_KEY, p);
    } catch {
      // private browsing: the choice is not remembered
    }
  };

  const back = (
    <Link to={CHILD_CHECKIN_PATH}>
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{T.back}</Button>
    </Link>
  );

  if (labels.isPending) return <PageSkeleton rows={6} />;
  if (labels.isError)
    return (
      <>
        <PageHeader title={T.labelsTitle} actions={back} />
        <Alert type="error" showIcon role="alert" title={errorMessage(labels.error) || T.labelsMissing} />
      </>
    );
  const data = labels.data;
  return (
    <div className="cc-labels-page">
      <style>{PAGE_RULES[paper]}</style>
      <div className="no-print">
        <PageHeader
          title={T.labelsTitle}
          subtitle={
            <>
              {data.familyName ?? ''} · {T.tagNumber} <strong data-testid="page-code">{data.securityCode}</strong>
            </>
          }
          actions={back}
        />
        <Flex gap={12} wrap align="center" className="cc-labels-toolbar">
          <Typography.Text strong id="cc-paper-label">
            {T.paper}
          </Typography.Text>
          <Segmented<Paper>
            aria-labelledby="cc-paper-label"
            value={paper}
            onChange={choosePaper}
            options={[
              { value: 'roll', label: T.paperRoll },
              { value: 'a4', label: T.paperA4 },
              { value: 'letter', label: T.paperLetter },
            ]}
          />
          <Button type="primary" size="large" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            {T.printTag}
          </Button>
        </Flex>
      </div>
      <section className={`cc-sheet cc-sheet-${paper === 'roll' ? 'roll' : 'paper'}`} aria-label="Labels to print">
        {data.children.map((c) => (
          <ChildLabel key={c.attendanceRecordId} labels={data} child={c} />
        ))}
        <PickupLabel labels={data} />
      </section>
    </div>
  );
}
