import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { validatePassword } from '@canteen/contract';
import { api } from '../../shared/http/client';
import { useAction } from '../../shared/http/useAction';
import { navigate } from '../../shared/navigation/navigation';
import { validationText } from '../../shared/resource/messages';
import { loadUserAndMenu, logout } from '../../shared/session/auth';
import { LOGIN_PATH } from '../guards';

interface Values {
  password: string;
  newpassword1: string;
  newpassword2: string;
}

/**
 * What a user whose password was given to them (the first administrator's) sees instead of the
 * shell: a dialog that cannot be dismissed, asking for a new password (the server refuses
 * everything else until then). After the change the user info and menu are read again and the
 * shell follows; signing out is the only other way.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useAction({
    run: async ({ password, newpassword1 }: Values) => {
      await api.put('/upms/user/edit', { password, newpassword1 });
      await loadUserAndMenu();
    },
    success: 'shell.mustChange.changed',
  });
  const signOut = async () => {
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Modal
      open
      title={t('shell.mustChange.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Space>
          <Button onClick={() => void signOut()} data-testid="must-change-signout">
            {t('shell.mustChange.signOut')}
          </Button>
          <Button type="primary" loading={change.busy} onClick={() => form.submit()} data-testid="must-change-submit">
            {t('shell.mustChange.submit')}
          </Button>
        </Space>
      }
      data-testid="must-change-dialog"
    >
      <Typography.Paragraph>{t('shell.mustChange.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="must-change-password" onFinish={(values) => void change.run(values)}>
        <Form.Item name="password" label={t('shell.mustChange.oldPassword')} rules={[{ required: true, message: t('shell.mustChange.oldRequired') }]}>
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="newpassword1"
          label={t('shell.mustChange.newPassword')}
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                const message = validatePassword(value);
                if (message) throw new Error(validationText(message));
                if (value === getFieldValue('password')) throw new Error(t('shell.mustChange.sameAsOld'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={12} />
        </Form.Item>
        <Form.Item
          name="newpassword2"
          label={t('shell.mustChange.confirmPassword')}
          dependencies={['newpassword1']}
          rules={[
            { required: true, message: t('shell.mustChange.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('newpassword1')) throw new Error(t('shell.mustChange.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={12} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
