import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { readContactsFile } from '../../api/contacts-file.ts';
import { HttpError } from '../../api/http.ts';
import {
  contactsFileKind,
  contactsFileProblem,
  contactsFromRows,
  contactsFromSheet,
  parseCsv,
  type ContactChannel,
} from './contacts-file.ts';
import { plural } from './compose-model.ts';
import type { Destinations } from './compose-model.ts';

/** How many rows without a usable value are listed by line (the rest are counted). */
const SKIPPED_SHOWN = 20;

interface ContactsUploadProps {
  channel: ContactChannel;
  value: Destinations['upload'];
  onChange: (upload: Destinations['upload']) => void;
}

/** The accept list of the file picker: CSV and Excel workbooks. */
const ACCEPT = '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why the server refused a workbook, as one sentence after the file's name. */
function refusal(err: unknown): string {
  if (err instanceof HttpError && err.status === 400) return err.fieldErrors[0]?.message ?? 'could not be read';
  return 'could not be read';
}

/**
 * 'Upload contacts' (giving spec 2.22; issue 9 'Composing'): a CSV file read in the browser, or an
 * Excel workbook (.xlsx) read by the server (POST /api/Messaging/ReadContactsFile; nothing is
 * stored); either way the numbers or addresses go in the message's `toOthers`. Shows how many were
 * read, from which column, the duplicates left out and the rows without a usable one, by line.
 */
export function ContactsUpload({ channel, value, onChange }: ContactsUploadProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const what = channel === 'sms' ? 'phone number' : 'e-mail address';
  const whats = channel === 'sms' ? 'phone numbers' : 'e-mail addresses';

  const read = async (file: File) => {
    const refused = contactsFileProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setReading(true);
    setProblem(null);
    try {
      const contacts =
        contactsFileKind(file.name) === 'xlsx'
          ? contactsFromSheet(await readContactsFile(file), channel)
          : contactsFromRows(parseCsv(await file.text()), channel);
      if (contacts.values.length === 0) setProblem(`No ${what} was found in ${file.name}`);
      onChange({ fileName: file.name, contacts });
    } catch (err) {
      setProblem(`${file.name} ${refusal(err)}`);
    } finally {
      setReading(false);
    }
  };

  const contacts = value?.contacts;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void read(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={reading}>
            {value ? 'Choose another file' : 'Choose a CSV or Excel file'}
          </Button>
        </Upload>
        {value ? (
          <Button
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => {
              onChange(null);
              setProblem(null);
            }}
          >
            Remove {value.fileName}
          </Button>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {channel === 'sms'
          ? 'A CSV or Excel (.xlsx) file with a column named Phone, Mobile or Number (or a number in each row), at most 5 MB.'
          : 'A CSV or Excel (.xlsx) file with a column named Email (or an address in each row), at most 5 MB.'}
      </Typography.Text>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {value && contacts && contacts.values.length > 0 ? (
        <div role="status" data-testid="upload-summary">
          <Typography.Text>
            {value.fileName}: {plural(contacts.values.length, what, whats)} read
            {contacts.column ? ` from the column '${contacts.column}'` : ''}
            {contacts.duplicates ? `, ${plural(contacts.duplicates, 'duplicate')} left out` : ''}.
          </Typography.Text>
        </div>
      ) : null}
      {contacts && contacts.skipped.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`${plural(contacts.skipped.length, 'row')} had no usable ${what} and will not be messaged`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 160, overflowY: 'auto' }}>
              {contacts.skipped.slice(0, SKIPPED_SHOWN).map((r) => (
                <li key={r.line} style={{ overflowWrap: 'anywhere' }}>
                  Line {r.line}: {r.text || '(empty)'}
                </li>
              ))}
              {contacts.skipped.length > SKIPPED_SHOWN ? (
                <li>and {plural(contacts.skipped.length - SKIPPED_SHOWN, 'more row')}</li>
              ) : null}
            </ul>
          }
        />
      ) : null}
    </Flex>
  );
}
