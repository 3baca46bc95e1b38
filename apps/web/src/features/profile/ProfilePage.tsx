import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Col, Form, Input, Row, Space, Spin, Tabs, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateImageUpload, validatePassword, validatePhone } from '@canteen/contract';
import { api } from '../../shared/http/client';
import { validationText } from '../../shared/resource/messages';
import { useSession, type SysUser } from '../../shared/session/session';
import './messages';

interface UserInfo {
  sysUser: SysUser;
  roles: string[];
  permissions: string[];
}

const INFO_KEY = ['/upms/user/info'];

/** A rule from a contract validator (the specification's messages). */
const contractRule = (validate: (v: unknown) => string | null) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const message = validate(value);
    if (message) throw new Error(validationText(message));
  },
});

function useUserInfo() {
  const setUserInfo = useSession((s) => s.setUserInfo);
  const query = useQuery({ queryKey: INFO_KEY, queryFn: () => api.get<UserInfo>('/upms/user/info'), staleTime: 0 });
  // Keep the shared session (header avatar and nickname) in step with what the server says.
  useEffect(() => {
    if (query.data) setUserInfo(query.data);
  }, [query.data, setUserInfo]);
  return query;
}

function AvatarCard({ user, onSaved }: { user: SysUser; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
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
            const body = new FormData();
            body.append('file', file as Blob);
            setUploading(true);
            api
              .post<{ url: string }>('/upms/user/avatar', body)
              .then(async ({ url }) => {
                await api.put('/upms/user/edit', { avatar: url });
                void message.success(t('profile.avatarSaved'));
                onSuccess?.({ url });
                await onSaved();
              })
              .catch((error: Error) => onError?.(error))
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('profile.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('profile.avatarHint')}</Typography.Text>
      </Space>
    </Card>
  );
}

function BasicForm({ user, onSaved }: { user: SysUser; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ nickname?: string; phone?: string }>();
  const [saving, setSaving] = useState(false);
  const initial = { username: user.username, nickname: user.nickname ?? '', phone: user.phone ?? '', deptName: user.deptName ?? '' };
  const submit = async (values: { nickname?: string; phone?: string }) => {
    setSaving(true);
    try {
      await api.put('/upms/user/edit', { nickname: values.nickname ?? '', phone: values.phone });
      void message.success(t('profile.saved'));
      await onSaved();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} style={{ maxWidth: 480 }} name="profile-basic">
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
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
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
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ password, newpassword1 }: PasswordValues) => {
    setSaving(true);
    try {
      await api.put('/upms/user/edit', { password, newpassword1 });
      void message.success(t('profile.passwordSaved'));
      form.resetFields();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 480 }} name="profile-password">
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
        <Button type="primary" htmlType="submit" loading={saving}>
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
  const queryClient = useQueryClient();
  const info = useUserInfo();
  const reload = () => queryClient.invalidateQueries({ queryKey: INFO_KEY });
  if (!info.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const user = info.data.sysUser;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8} lg={6}>
        <AvatarCard user={user} onSaved={reload} />
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card variant="borderless" title={t('profile.title')}>
          <Tabs
            items={[
              { key: 'basic', label: t('profile.basic'), children: <BasicForm key={`${user.nickname}-${user.phone}`} user={user} onSaved={reload} /> },
              { key: 'password', label: t('profile.password'), children: <PasswordForm /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
