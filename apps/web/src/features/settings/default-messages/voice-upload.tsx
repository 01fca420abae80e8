import { DeleteOutlined, SoundOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_VOICE_BYTES } from '@steward/contracts/default-messages';
import { Button, Flex, Typography, Upload } from 'antd';
import { useToast } from '../../../components/use-toast.ts';

interface VoiceUploadProps {
  /** the recording chosen on this page, not yet saved */
  value?: File | null;
  onChange?: (file: File | null) => void;
  id?: string;
  /** the saved message's recording (voiceUrl), played until another is chosen */
  currentUrl?: string | null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The audio upload of a Voice default message (giving spec 2.17, §5: audio/* only). The file is
 * kept until Save; a file the browser does not call audio, or one over 10 MB, is refused at once
 * (the server checks the content again). The saved recording plays in a player.
 */
export function VoiceUpload({ value, onChange, id, currentUrl }: VoiceUploadProps) {
  const toast = useToast();
  const choose = (file: File) => {
    if (file.type && !file.type.startsWith('audio/'))
      toast.warning('Choose an audio file (MP3, WAV, OGG, M4A, AAC or AMR)');
    else if (file.size > MAX_VOICE_BYTES) toast.warning('The recording is larger than 10 MB: choose a shorter one');
    else onChange?.(file);
    // kept here, not uploaded by the Upload component: it goes with the form on Save
    return false;
  };

  return (
    <Flex vertical gap={8} align="flex-start" style={{ width: '100%' }}>
      <Upload accept="audio/*" showUploadList={false} beforeUpload={choose} maxCount={1}>
        <Button id={id} icon={<UploadOutlined aria-hidden />}>
          {value || currentUrl ? 'Choose another audio file' : 'Choose an audio file'}
        </Button>
      </Upload>
      {value ? (
        <Flex gap={8} align="center" wrap>
          <SoundOutlined aria-hidden />
          <Typography.Text data-testid="voice-file-name">{value.name}</Typography.Text>
          <Typography.Text type="secondary">{sizeText(value.size)}</Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Remove ${value.name}`}
            onClick={() => onChange?.(null)}
          />
        </Flex>
      ) : null}
      {currentUrl ? (
        <div style={{ width: '100%', maxWidth: 420 }}>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {value ? 'Saved recording (replaced on Save)' : 'Saved recording'}
          </Typography.Text>
          <audio controls preload="none" src={currentUrl} style={{ width: '100%' }} aria-label="Saved recording">
            <a href={currentUrl}>Play the saved recording</a>
          </audio>
        </div>
      ) : null}
    </Flex>
  );
}
