import type { ReactNode } from 'react';
import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { uploadMaterial, type Material } from '../api';
import { ACCEPT, checkUpload, type FileType } from './upload';
import '../messages';

export interface MaterialUploadProps {
  appId: string;
  type: Exclude<FileType, 'video'>;
  /** Called with the new material after a successful upload. */
  onUploaded: (material: Material) => void;
  /** The button's label (default 上传). */
  label?: ReactNode;
  /** A hint beside the button (voice uploads default to the format, size and ≤ 60 s hint). */
  hint?: ReactNode;
}

/**
 * One image, voice or thumbnail file to `materialFileUpload`: checked by type and size before it
 * is sent (the specification's messages), one at a time. Shown only with `wxmp:wxmaterial:add`.
 */
export function MaterialUpload({ appId, type, onUploaded, label, hint: given }: MaterialUploadProps) {
  const { t } = useTranslation();
  const hint = given ?? (type === 'voice' ? t('wxmp.material.voiceHint') : undefined);
  const { message } = App.useApp();
  const allowed = usePermission('wxmp:wxmaterial:add');
  const upload = useAction({
    run: (file: File) => uploadMaterial({ appId, mediaType: type, file }),
    success: 'wxmp.common.uploaded',
    onSuccess: (material) => onUploaded(material),
    onError: (error) => void message.error(t('wxmp.common.uploadError', { msg: error.message })),
  });
  const uploading = upload.busy;
  if (!allowed) return null;

  return (
    <span className="wxmp-upload" data-testid={`upload-${type}`}>
      <Upload
        accept={ACCEPT[type]}
        multiple={false}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file, list) => {
          if (list.length > 1) {
            if (file === list[0]) void message.error(t('wxmp.common.onlyOne'));
            return Upload.LIST_IGNORE;
          }
          const problem = checkUpload(type, { name: file.name, size: file.size, type: file.type });
          if (problem) {
            void message.error(problem);
            return Upload.LIST_IGNORE;
          }
          void upload.run(file);
          return false;
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={uploading} disabled={uploading}>
          {label ?? t('wxmp.reply.upload')}
        </Button>
      </Upload>
      {hint && <span style={{ marginLeft: 12, color: 'var(--ant-color-text-secondary, #888)', fontSize: 12 }}>{hint}</span>}
    </span>
  );
}
