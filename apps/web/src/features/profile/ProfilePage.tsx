import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Col, Form, Input, Row, Space, Spin, Tabs, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, validateImageUpload, validatePassword, validatePhone, validateSmsCode, type UserInfo } from '@canteen/contract';
import { api } from '../../shared/http/client';
import { useAction } from '../../shared/http/useAction';
import { validationText } from '../../shared/resource/messages';
import { useSession, type SysUser } from '../../shared/session/session';
import { profileKeys } from './queryKeys';
import './messages';

/** A rule from a contract validator (the specification's messages). */
const contractRule = (validate: (v: unknown) => string | null) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const message = validate(value);
    if (message) throw new Error(validationText(message));
  },
});

function useUserInfo() {
  const setUserInfo = useSession((s) => s.setUserInfo);
  const query = useQuery({ queryKey: profileKeys.info(), queryFn: () => api.get<UserInfo>('/upms/user/info'), staleTime: 0 });
  // Keep the shared session (header avatar and nickname) in step with what the server says.
  useEffect(() => {
    if (query.data) setUserInfo(query.data);
  }, [query.data, setUserInfo]);
  return query;
}

/** Uploads a new avatar and makes it the user's (`POST /upms/user/avatar`, then `PUT /upms/user/edit`). */
async function saveAvatar(file: Blob) {
  const body = new FormData();
  body.append('file', file);
  const { url } = await api.post<{ url: string }>('/upms/user/avatar', body);
  await api.put('/upms/user/edit', { avatar: url });
  return { url };
}

function AvatarCard({ user }: { user: SysUser }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useAction({ run: saveAvatar, success: 'profile.avatarSaved', invalidates: [profileKeys.info()] });
  return (
    <Card variant="borderless" style={{ textAlign: 'center' }}>
      <Space orientation="vertical" size="middle" align="center">
        <Avatar size={112} src={user.avatar || undefined} icon={<UserOutlined />} data-testid="profile-avatar" />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {user.nickname || user.username}
        </Typography.Title>
        <Upload
          accept=".bmp,.png,.jpeg,.jpg,.gif"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = validateImageUpload({ name: file.name, size: file.size, type: file.type });
            if (problem) {
              void message.error(validationText(problem));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            void upload.run(file as Blob).then((saved) => (saved ? onSuccess?.(saved) : onError?.(new Error('avatar not saved'))));
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.busy}>
            {t('profile.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('profile.avatarHint')}</Typography.Text>
      </Space>
    </Card>
  );
}

interface BasicValues {
  nickname?: string;
  phone?: string;
  smsCode?: string;
}

/** Seconds until another code may be asked for (the server allows one a minute per number). */
const RESEND_SECONDS = 60;

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, setLeft];
}

/**
 * 基本信息: nickname and phone. A new phone number is saved only with the SMS code sent to it
 * (获取验证码, `POST /upms/user/phone/code`; issue 22 #9): the code field shows once the number differs.
 */
function BasicForm({ user }: { user: SysUser }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BasicValues>();
  const initial = { username: user.username, nickname: user.nickname ?? '', phone: user.phone ?? '', deptName: user.deptName ?? '' };
  const phone = Form.useWatch<string | undefined>('phone', form) ?? initial.phone;
  const phoneChanged = Boolean(phone) && phone !== initial.phone;
  const [wait, setWait] = useCountdown();
  const sendCode = useAction({
    run: (to: string) => api.post<boolean>('/upms/user/phone/code', { phone: to }),
    success: 'profile.codeSent',
    onSuccess: () => setWait(RESEND_SECONDS),
  });
  const save = useAction({
    run: (values: BasicValues) =>
      api.put('/upms/user/edit', { nickname: values.nickname ?? '', phone: values.phone, ...(phoneChanged ? { smsCode: values.smsCode } : {}) }),
    success: 'profile.saved',
    invalidates: [profileKeys.info()],
  });
  const askCode = async () => {
    try {
      const { phone: to } = await form.validateFields(['phone']);
      if (to) void sendCode.run(to);
    } catch {
      /* the phone field shows its problem */
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save.run(v)} style={{ maxWidth: 480 }} name="profile-basic">
      <Form.Item name="username" label={t('profile.username')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="deptName" label={t('profile.dept')}>
        <Input disabled />
      </Form.Item>
      <Form.Item name="nickname" label={t('profile.nickname')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label={t('profile.phone')} required rules={[contractRule(validatePhone)]}>
        <Input maxLength={20} />
      </Form.Item>
      {phoneChanged ? (
        <Form.Item label={t('profile.smsCode')} required extra={t('profile.smsCodeHint')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="smsCode" noStyle rules={[contractRule(validateSmsCode)]}>
              <Input aria-label={t('profile.smsCode')} placeholder={t('profile.smsCodePlaceholder')} maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <Button onClick={() => void askCode()} disabled={wait > 0} loading={sendCode.busy} data-testid="profile-send-code">
              {wait > 0 ? t('profile.resend', { n: wait }) : t('profile.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
      ) : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.busy}>
          {t('profile.save')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('profile.reset')}</Button>
      </Space>
    </Form>
  );
}

interface PasswordValues {
  password: string;
  newpassword1: string;
  newpassword2: string;
}

function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const save = useAction({
    run: ({ password, newpassword1 }: PasswordValues) => api.put('/upms/user/edit', { password, newpassword1 }),
    success: 'profile.passwordSaved',
    onSuccess: () => form.resetFields(),
  });
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void save.run(v)} style={{ maxWidth: 480 }} name="profile-password">
      <Form.Item name="password" label={t('profile.oldPassword')} rules={[{ required: true, message: t('profile.oldRequired') }]}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item name="newpassword1" label={t('profile.newPassword')} required rules={[contractRule(validatePassword)]}>
        <Input.Password autoComplete="new-password" maxLength={12} />
      </Form.Item>
      <Form.Item
        name="newpassword2"
        label={t('profile.confirmPassword')}
        dependencies={['newpassword1']}
        rules={[
          { required: true, message: t('profile.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value && value !== getFieldValue('newpassword1')) throw new Error(t('profile.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={12} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.busy}>
          {t('profile.save')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('profile.reset')}</Button>
      </Space>
    </Form>
  );
}

/** 个人信息 (/info/index): own nickname, phone, avatar and password. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  if (!info.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const user = info.data.sysUser;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8} lg={6}>
        <AvatarCard user={user} />
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card variant="borderless" title={t('profile.title')}>
          <Tabs
            items={[
              { key: 'basic', label: t('profile.basic'), children: <BasicForm key={`${user.nickname}-${user.phone}`} user={user} /> },
              { key: 'password', label: t('profile.password'), children: <PasswordForm /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
