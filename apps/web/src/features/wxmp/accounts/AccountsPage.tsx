import { useMemo, useState } from 'react';
import { Alert, Descriptions, Modal, Spin, Typography } from 'antd';
import { ApiOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/client';
import { i18n } from '../../../shared/i18n';
import { ResourcePage, type Dict, type ResourceDef, type Values } from '../../../shared/resource';
import type { AccessInfo, Account } from '../api';
import { wxmpKeys } from '../queryKeys';
import '../messages';

const weixinTypes: Dict = ['0', '1', '2'].map((v) => ({ value: v, label: `wxmp.account.types.${v}`, color: v === '2' ? 'green' : 'blue' }));
const verifyTypes: Dict = ['-1', '0', '1', '2', '3', '4', '5'].map((v) => ({ value: v, label: `wxmp.account.verify.${v}`, color: v === '0' ? 'green' : v === '-1' ? 'default' : 'blue' }));
const msgModes: Dict = [
  { value: 'plain', label: 'wxmp.account.modes.plain', color: 'default' },
  { value: 'compatible', label: 'wxmp.account.modes.compatible', color: 'orange' },
  { value: 'safe', label: 'wxmp.account.modes.safe', color: 'green' },
];

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown) => text(v) || null;

const copyable = (value: string, testId: string) => (
  <Typography.Text copyable={{ text: value }} code data-testid={testId}>
    {value}
  </Typography.Text>
);
/** A secret the server answers masked (issue 22 #6): shown to recognise it, with nothing to copy. */
const masked = (value: string, testId: string) => (
  <Typography.Text code data-testid={testId}>
    {value}
  </Typography.Text>
);

/** 接入系统: the callback URL, token and EncodingAESKey to paste into the platform. */
function AccessDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useQuery({ queryKey: wxmpKeys.accounts.accessInfo(account.id), queryFn: () => api.get<AccessInfo>('/weixin/wxapp/access-info', { params: { id: account.id } }) });
  // The server answers with its own view of the host; the browser's origin is what the platform reaches.
  const url = info.data ? new URL(new URL(info.data.url).pathname, window.location.origin).toString() : '';
  return (
    <Modal open title={t('wxmp.account.accessTitle', { name: account.name })} footer={null} onCancel={onClose} width={720}>
      <Alert type="info" showIcon message={t('wxmp.account.accessHelp')} style={{ marginBottom: 16 }} />
      {info.data ? (
        <Descriptions column={1} bordered size="small" data-testid="access-info">
          <Descriptions.Item label={t('wxmp.account.url')}>{copyable(url, 'access-url')}</Descriptions.Item>
          <Descriptions.Item label={t('wxmp.account.token')}>{masked(info.data.token, 'access-token')}</Descriptions.Item>
          <Descriptions.Item label={t('wxmp.account.aesKey')}>{info.data.aesKey ? masked(info.data.aesKey, 'access-aeskey') : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('wxmp.account.msgMode')}>{t(`wxmp.account.modes.${info.data.msgMode}`)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

/** 查看access-token: the current token, fetched from the platform when needed. */
function AccessTokenDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useQuery({
    queryKey: wxmpKeys.accounts.accessToken(account.id),
    queryFn: () => api.get<{ appId: string; accessToken: string }>('/weixin/wxapp/access-token', { params: { id: account.id } }),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Modal open title={t('wxmp.account.accessTokenTitle', { name: account.name })} footer={null} onCancel={onClose} width={720}>
      {token.data ? (
        <Typography.Paragraph code style={{ wordBreak: 'break-all' }} data-testid="current-access-token">
          {token.data.accessToken}
        </Typography.Paragraph>
      ) : token.isError ? null : (
        <Spin />
      )}
    </Modal>
  );
}

/** 公众号配置: the accounts, their secrets masked, with 接入系统 and the current access token. */
export default function AccountsPage() {
  const [access, setAccess] = useState<Account>();
  const [token, setToken] = useState<Account>();
  const def = useMemo<ResourceDef<Account>>(
    () => ({
      base: '/weixin/wxapp',
      permissions: { add: 'wxmp:wxapp:add', edit: 'wxmp:wxapp:edit', del: 'wxmp:wxapp:del' },
      formWidth: 720,
      columns: [
        { key: 'logo', label: 'wxmp.account.logo', type: 'avatar', width: 70 },
        { key: 'name', label: 'wxmp.account.name', sortable: true },
        { key: 'weixinType', label: 'wxmp.account.weixinType', type: 'tag', dict: weixinTypes },
        { key: 'verifyType', label: 'wxmp.account.verifyType', type: 'tag', dict: verifyTypes },
        { key: 'weixinSign', label: 'wxmp.account.weixinSign' },
        { key: 'appId', label: 'wxmp.account.appId' },
        { key: 'secret', label: 'wxmp.account.secret', render: (v) => <Typography.Text code>{typeof v === 'string' ? v : ''}</Typography.Text> },
        { key: 'msgMode', label: 'wxmp.account.msgMode', type: 'tag', dict: msgModes },
        { key: 'remarks', label: 'wxmp.account.remarks', ellipsis: true, width: 180 },
        { key: 'createTime', label: 'wxmp.account.createTime', type: 'datetime', sortable: true },
      ],
      search: [{ name: 'name', label: 'wxmp.account.name' }],
      form: [
        { name: 'name', label: 'wxmp.account.name', required: true, maxLength: 64 },
        { name: 'weixinType', label: 'wxmp.account.weixinType', type: 'select', dict: weixinTypes, defaultValue: '2', required: true },
        { name: 'verifyType', label: 'wxmp.account.verifyType', type: 'select', dict: verifyTypes, defaultValue: '0', required: true },
        { name: 'weixinSign', label: 'wxmp.account.weixinSign', required: true, maxLength: 64, placeholder: 'gh_…' },
        { name: 'appId', label: 'wxmp.account.appId', required: true, maxLength: 64, rules: [{ pattern: /^[A-Za-z0-9_-]+$/, message: 'wxmp.account.appIdRule' }] },
        { name: 'secret', label: 'wxmp.account.secret', type: 'password', required: true, maxLength: 128, only: 'create' },
        { name: 'secret', label: 'wxmp.account.secret', required: true, maxLength: 128, only: 'edit', help: 'wxmp.account.secretHelp' },
        { name: 'token', label: 'wxmp.account.token', required: true, maxLength: 64, rules: [{ pattern: /^([A-Za-z0-9]{3,32}|.*\*.*)$/, message: 'wxmp.account.tokenRule' }] },
        { name: 'msgMode', label: 'wxmp.account.msgMode', type: 'radio', dict: msgModes, defaultValue: 'plain', required: true },
        {
          name: 'aesKey',
          label: 'wxmp.account.aesKey',
          maxLength: 43,
          rules: [
            { pattern: /^([A-Za-z0-9]{43}|.*\*.*)$/, message: 'wxmp.account.aesKeyRule' },
            ({ getFieldValue }) => ({
              required: getFieldValue('msgMode') !== 'plain',
              message: i18n.t('wxmp.account.aesKeyRule'),
            }),
          ],
        },
        { name: 'logo', label: 'wxmp.account.logo', maxLength: 1024, rules: [{ pattern: /^(https?:\/\/|\/)/i, message: 'wxmp.account.logoRule' }] },
        { name: 'principalName', label: 'wxmp.account.principalName', maxLength: 128 },
        { name: 'remarks', label: 'wxmp.account.remarks', type: 'textarea', maxLength: 500 },
      ],
      toForm: (row) => ({ ...row }),
      toBody: (v: Values) => ({
        name: text(v.name),
        weixinType: v.weixinType,
        verifyType: v.verifyType,
        weixinSign: text(v.weixinSign),
        appId: text(v.appId),
        secret: text(v.secret),
        token: text(v.token),
        aesKey: text(v.aesKey),
        msgMode: v.msgMode,
        logo: orNull(v.logo),
        principalName: orNull(v.principalName),
        remarks: orNull(v.remarks),
      }),
      rowActions: [
        { key: 'access', label: 'wxmp.account.access', icon: <ApiOutlined />, permission: 'wxmp:wxapp:secret', onClick: (row) => setAccess(row) },
        { key: 'token', label: 'wxmp.account.accessToken', icon: <KeyOutlined />, permission: 'wxmp:wxapp:secret', onClick: (row) => setToken(row) },
      ],
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} />
      {access && <AccessDialog account={access} onClose={() => setAccess(undefined)} />}
      {token && <AccessTokenDialog account={token} onClose={() => setToken(undefined)} />}
    </>
  );
}
