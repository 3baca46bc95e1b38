import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_EXTENSIONS, imageUploadMessages, UPLOAD_MAX_BYTES } from '@canteen/contract';
import { AppError } from '../../../http/errors.js';

/** The first bytes of each allowed image type; a file must really be the image its name says. */
const signatures: Record<string, number[][]> = {
  png: [[0x89, 0x50, 0x4e, 0x47]],
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  gif: [[0x47, 0x49, 0x46, 0x38]],
  bmp: [[0x42, 0x4d]],
};

export function checkImage(filename: string, data: Buffer): string {
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) throw new AppError(415, imageUploadMessages.type);
  if (data.length >= UPLOAD_MAX_BYTES) throw new AppError(413, imageUploadMessages.size);
  if (!signatures[ext]!.some((sig) => sig.every((byte, i) => data[i] === byte))) throw new AppError(415, imageUploadMessages.type);
  return ext;
}

/** Stores an avatar under DATA_DIR/media/avatar and answers its public URL (/media/avatar/…). */
export async function saveAvatar(dataDir: string, ext: string, data: Buffer): Promise<string> {
  const dir = path.resolve(dataDir, 'media', 'avatar');
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await writeFile(path.join(dir, name), data);
  return `/media/avatar/${name}`;
}
