import { App, Button, Image, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { storeEndpoints } from '@canteen/contract';
import { api } from '../../../shared/http/client';
import { useAction } from '../../../shared/http/useAction';
import './messages';

const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const LOGO_EXTENSIONS = /\.(jpe?g|png|webp)$/i;
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Sends a logo (multipart, field `file`) to the store logo upload; answers its media URL. */
export async function uploadLogo(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<{ url: string }>(storeEndpoints.logo.path, form)).url;
}

/** The store logo: a preview, an upload button (checked by type and size first) and remove. */
export function LogoField({ value, onChange, disabled, id }: { value?: string | null; onChange?: (url: string | null) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useAction({ run: uploadLogo, success: 'storeShop.uploaded', onSuccess: (url) => onChange?.(url) });
  return (
    <Space align="center" id={id} data-testid="logo-field">
      {value ? <Image src={value} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 8 }} alt={t('storeShop.logo')} /> : null}
      {!disabled && (
        <Upload
          accept=".jpg,.jpeg,.png,.webp"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!LOGO_TYPES.includes(file.type) && !LOGO_EXTENSIONS.test(file.name)) {
              void message.error(t('storeShop.v.logoType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > LOGO_MAX_BYTES) {
              void message.error(t('storeShop.v.logoSize'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            void upload.run(file as File).then((url) => (url ? onSuccess?.(url) : onError?.(new Error('logo not uploaded'))));
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.busy}>{t('storeShop.upload')}</Button>
        </Upload>
      )}
      {!disabled && value ? (
        <Button type="link" danger onClick={() => onChange?.(null)}>{t('storeShop.removeLogo')}</Button>
      ) : null}
    </Space>
  );
}
