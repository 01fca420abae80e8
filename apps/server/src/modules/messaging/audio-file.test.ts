import { describe, expect, it } from 'vitest';
import { audioKindOf, readAudio } from './audio-file.ts';
import { wav } from '../../../test/fixtures/wav.ts';

/** Two MPEG-1 Layer III frames without any ID3 tag. */
const mp3 = () => {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  return Buffer.concat([frame, frame]);
};
const ogg = () => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('\x01vorbis'), Buffer.alloc(40)]);
const amr = () => Buffer.concat([Buffer.from('#!AMR\n'), Buffer.alloc(32)]);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe('audioKindOf', () => {
  it('recognises audio by its first bytes and names the type it is served as', async () => {
    expect(await audioKindOf(wav())).toEqual({ ext: 'wav', type: 'audio/wav' });
    expect(await audioKindOf(mp3())).toEqual({ ext: 'mp3', type: 'audio/mpeg' });
    expect(await audioKindOf(ogg())).toEqual({ ext: 'ogg', type: 'audio/ogg' });
    expect(await audioKindOf(amr())).toEqual({ ext: 'amr', type: 'audio/amr' });
  });

  it('refuses images, documents, text and unknown bytes', async () => {
    for (const bytes of [PNG, PDF, Buffer.from('<script>alert(1)</script>'), Buffer.alloc(64), Buffer.alloc(0)])
      expect(await audioKindOf(bytes)).toBeNull();
  });

  it('is not fooled by a WAV header cut short', async () => {
    expect(await audioKindOf(wav().subarray(0, 6))).toBeNull();
  });
});

describe('readAudio', () => {
  it('answers the bytes of an audio file whatever its declared type', async () => {
    const file = await readAudio(new Blob([wav()], { type: 'image/png' }));
    expect(file.ext).toBe('wav');
    expect(file.bytes.equals(wav())).toBe(true);
  });

  it('refuses an empty file, a file over 10 MB and a PNG declared as MP3, naming voiceFile', async () => {
    const cases = [
      new Blob([]),
      new Blob([wav(), Buffer.alloc(10 * 1024 * 1024)], { type: 'audio/wav' }),
      new Blob([PNG], { type: 'audio/mpeg' }),
    ];
    for (const blob of cases)
      await expect(readAudio(blob)).rejects.toMatchObject({ statusCode: 400, field: 'voiceFile' });
  });
});
