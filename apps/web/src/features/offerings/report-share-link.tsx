import { CopyOutlined } from '@ant-design/icons';
import { REPORT_MESSAGES } from '@steward/contracts/report';
import { App, Button, Input, Space, type InputRef } from 'antd';
import { TOAST_SECONDS } from '@steward/contracts/messages';
import { useEffect, useRef } from 'react';
import { copyText } from './report-copy.ts';

interface ReportShareLinkProps {
  /** the link's absolute address */
  url: string;
  /** copy it as soon as it is shown ('Get share link'); silent when the browser refuses */
  autoCopy?: boolean;
}

/**
 * A share link shown read-only with a copy button (spec 2.6 'a read-only link with a copy icon'):
 * copying toasts 'Link Copied' with 'Shareable link copied to your clipboard' (spec §8).
 */
export function ReportShareLink({ url, autoCopy }: ReportShareLinkProps) {
  const { message } = App.useApp();
  const input = useRef<InputRef>(null);
  const copy = async (quiet = false) => {
    const done = await copyText(url, input.current?.input);
    if (done)
      void message.info(
        <span>
          <strong>{REPORT_MESSAGES.linkCopied}</strong> {REPORT_MESSAGES.linkCopiedDetail}
        </span>,
        TOAST_SECONDS.info,
      );
    else if (!quiet) void message.warning('Select the link and copy it', TOAST_SECONDS.info);
  };
  const copied = useRef('');
  useEffect(() => {
    if (!autoCopy || copied.current === url) return;
    copied.current = url;
    void copy(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new link
  }, [autoCopy, url]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        ref={input}
        value={url}
        readOnly
        aria-label="Share link"
        onFocus={(e) => e.currentTarget.select()}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }}
      />
      <Button icon={<CopyOutlined aria-hidden />} aria-label="Copy link" onClick={() => void copy()} />
    </Space.Compact>
  );
}
