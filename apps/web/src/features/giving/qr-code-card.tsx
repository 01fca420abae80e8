import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TPaymentForm } from '@steward/contracts/giving';
import { Button, Flex, Typography } from 'antd';
import { createPortal } from 'react-dom';
import { useCurrentUser } from '../../app/current-user.ts';
import { qrFileName } from './copy-text.ts';

/**
 * The QR code of a payment form's link (GetOne's paymentUrlQRCode, a PNG data URL; giving spec
 * 2.3, issue 10), with 'Download' (the PNG, named after the form) and 'Print': a one-page poster
 * for the church's foyer (church name, form name, the code, 'Scan to give' and the link),
 * printed on its own while the app is hidden (global.css .print-only).
 */
export function QrCodeCard({ form }: { form: TPaymentForm }) {
  const user = useCurrentUser();
  return (
    <section aria-label="QR code" className="giving-card giving-qr">
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        QR code
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        Givers scan it with a phone camera to open the payment form.
      </Typography.Paragraph>
      <img src={form.paymentUrlQRCode} alt={`QR code of the payment link of ${form.name}`} width={220} height={220} />
      <Flex gap={8} justify="center" wrap style={{ marginTop: 12 }}>
        <Button icon={<DownloadOutlined aria-hidden />} href={form.paymentUrlQRCode} download={qrFileName(form.name)}>
          Download
        </Button>
        <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Flex>
      {createPortal(
        <div className="print-only" aria-hidden>
          <div className="giving-qr-poster">
            <h1>{user.churchName}</h1>
            <h2>{form.name}</h2>
            <img src={form.paymentUrlQRCode} alt="" width={360} height={360} />
            <p className="giving-qr-poster-call">Scan to give</p>
            <p className="giving-qr-poster-link">{form.paymentUrl}</p>
          </div>
        </div>,
        document.body,
      )}
    </section>
  );
}
