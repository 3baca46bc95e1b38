import { validateImageUpload, validateVoiceUpload, type UploadCandidate } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import { validationText } from '../../../shared/resource';
import type { UploadType } from '../api';
import '../messages';

export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;

/** The kinds of file the screens upload (the server also takes `thumb`). */
export type FileType = Exclude<UploadType, 'thumb'>;

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** What the file chooser offers for each upload type. */
export const ACCEPT: Record<FileType, string> = {
  image: '.bmp,.png,.jpeg,.jpg,.gif',
  voice: '.mp3,.wma,.wav,.amr',
  video: '.mp4',
};

/**
 * The specification's checks before a file is sent (section 5): image and voice by type and size
 * (the contract's validators, messages verbatim), video MP4 under 10M. The message, or null.
 */
export function checkUpload(type: FileType, file: UploadCandidate): string | null {
  switch (type) {
    case 'image': {
      const message = validateImageUpload(file);
      return message && validationText(message);
    }
    case 'voice': {
      const message = validateVoiceUpload(file);
      return message && validationText(message);
    }
    case 'video':
      if (extensionOf(file.name) !== 'mp4') return i18n.t('wxmp.material.videoType');
      return file.size >= VIDEO_MAX_BYTES ? i18n.t('wxmp.material.videoSize') : null;
  }
}
