import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { uploadProfilePicture } from '../../api/family.ts';
import { errorText } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/** A person's initials: the first letter of the first two words ('Ada Obi' → 'AO'). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * A person's photo, `size` pixels square and round; their initials when there is none (or it
 * fails to load), a person icon when the name is empty too. Decorative: the name is always
 * written beside it.
 */
export function PersonPhoto({ url, name, size = 48 }: { url: string | null; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (url && !broken)
    return <img src={url} alt="" className="cs-photo" style={style} onError={() => setBroken(true)} />;
  return (
    <span aria-hidden className="cs-photo cs-photo-initials" style={style}>
      {initialsOf(name) || <UserOutlined />}
    </span>
  );
}

/** The picture kinds the server takes (checked again by content there), and its size limit. */
const KINDS = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A photo field: the picture (or initials), 'Upload photo' / 'Change photo' (a button, so it is
 * reached with Tab and Enter; it opens the file chooser) and 'Remove photo'. A chosen file is sent
 * at once to POST /api/Media/UploadProfilePicture and `onChange` gets its address; a file that is
 * not a PNG, JPEG, GIF or WebP picture or is over 5 MB is refused before sending.
 */
export function PhotoPicker({
  value,
  onChange,
  name,
  whose,
  label,
  disabled,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  /** the person's name as typed so far (the initials; may be empty) */
  name: string;
  /** whose photo, for the buttons' names when `name` is empty ('Father') */
  whose?: string;
  /** the field's visible label */
  label?: string;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (url) => onChange(url),
    onError: (err) => setProblem(errorText(err)),
  });

  const choose = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!KINDS.includes(file.type)) return setProblem(T.photoKind);
    if (file.size > MAX_BYTES) return setProblem(T.photoTooBig);
    upload.mutate(file);
  };

  const who = name.trim() || whose || T.photo;
  return (
    <Flex vertical gap={6} role="group" aria-labelledby={labelId}>
      <Typography.Text strong id={labelId}>
        {label ?? T.photo}
      </Typography.Text>
      <Flex align="center" gap={12} wrap>
        <PersonPhoto url={value} name={name} size={64} />
        <Flex gap={8} wrap>
          <Button
            icon={<CameraOutlined aria-hidden />}
            loading={upload.isPending}
            disabled={disabled}
            onClick={() => input.current?.click()}
            aria-label={`${value ? T.changePhoto : T.uploadPhoto} (${who})`}
          >
            {upload.isPending ? T.uploading : value ? T.changePhoto : T.uploadPhoto}
          </Button>
          {value ? (
            <Button
              type="link"
              danger
              disabled={disabled || upload.isPending}
              onClick={() => onChange(null)}
              aria-label={`${T.removePhoto} (${who})`}
            >
              {T.removePhoto}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <input
        ref={input}
        type="file"
        accept={KINDS.join(',')}
        style={{ display: 'none' }}
        data-testid="photo-input"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
