import { UploadOutlined } from '@ant-design/icons';
import { Button, Collapse, Flex, Form, Input, InputNumber, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ATTENDANCE_SETUP_MESSAGES } from '@steward/contracts/attendance-setup';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';

/** The banner image types the server accepts (checked there by content), and the size limit. */
const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MAX_BANNER_BYTES = 5 * 1024 * 1024;

interface MoreFieldsProps {
  banner: File | null;
  onBanner: (file: File | null) => void;
  /** the saved banner's address (edit), shown until another image is chosen */
  savedBannerUrl: string | null;
}

/** A preview address for the chosen file, revoked when it changes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The collapsible 'More' area of Add Attendance (spec 2.9; collapsed at first): Event Banner (an
 * image file, previewed, plus a name text), Event Details (textarea) and Slot (places offered,
 * placeholder 'slot available'). The image's type and size are checked here for a quick answer;
 * the server checks its content.
 */
export function AttendanceMoreFields({ banner, onBanner, savedBannerUrl }: MoreFieldsProps) {
  const [bannerError, setBannerError] = useState<string | null>(null);
  const preview = usePreview(banner);
  const shown = preview ?? savedBannerUrl;

  return (
    <Collapse
      className="attendance-more"
      items={[
        {
          key: 'more',
          label: 'More',
          forceRender: true,
          children: (
            <>
              <Form.Item
                label="Event Banner"
                validateStatus={bannerError ? 'error' : undefined}
                help={bannerError ?? 'PNG, JPEG, GIF or WebP, at most 5 MB'}
              >
                <Flex gap={12} align="center" wrap>
                  {shown ? <img src={shown} alt="Event banner" className="attendance-banner-preview" /> : null}
                  <Upload
                    accept={BANNER_TYPES.join(',')}
                    maxCount={1}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      if (!BANNER_TYPES.includes(file.type)) setBannerError(ATTENDANCE_TEXTS.bannerNotImage);
                      else if (file.size > MAX_BANNER_BYTES) setBannerError(ATTENDANCE_TEXTS.bannerTooLarge);
                      else {
                        setBannerError(null);
                        onBanner(file);
                      }
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined aria-hidden />}>{shown ? 'Change image' : 'Upload image'}</Button>
                  </Upload>
                  {banner ? (
                    <>
                      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                        {banner.name}
                      </Typography.Text>
                      <Button type="link" onClick={() => onBanner(null)} style={{ paddingInline: 0 }}>
                        Remove
                      </Button>
                    </>
                  ) : null}
                </Flex>
              </Form.Item>
              <Form.Item label="Banner name" name="bannerName">
                <Input maxLength={200} placeholder="e.g. Youth Camp 2026" />
              </Form.Item>
              <Form.Item label="Event Details" name="details">
                <Input.TextArea rows={4} maxLength={5000} placeholder="What the event is about, where and when" />
              </Form.Item>
              <Form.Item label="Slot" name="registrationSlot" style={{ marginBottom: 0 }}>
                <InputNumber<number>
                  min={1}
                  max={9_999_999}
                  precision={0}
                  placeholder={ATTENDANCE_SETUP_MESSAGES.slotPlaceholder}
                  style={{ width: '100%', maxWidth: 240 }}
                />
              </Form.Item>
            </>
          ),
        },
      ]}
    />
  );
}
