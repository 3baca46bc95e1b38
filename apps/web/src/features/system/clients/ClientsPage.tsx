import { Tag } from 'antd';
import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import type { ClientRecord } from '../api';
import '../messages';

const GRANT_TYPES = ['password', 'refresh_token', 'sms_login', 'phone'];

const def: ResourceDef<ClientRecord> = {
  base: '/upms/client',
  permissions: { add: 'sys:client:add', edit: 'sys:client:edit', del: 'sys:client:del' },
  columns: [
    { key: 'clientId', label: 'system.client.clientId', sortable: true },
    { key: 'scope', label: 'system.client.scope' },
    {
      key: 'authorizedGrantTypes',
      label: 'system.client.grantTypes',
      render: (v) => (typeof v === 'string' ? v : '').split(',').filter(Boolean).map((g) => <Tag key={g}>{g}</Tag>),
    },
    { key: 'accessTokenValidity', label: 'system.client.accessTokenValidity' },
    { key: 'refreshTokenValidity', label: 'system.client.refreshTokenValidity' },
    { key: 'createTime', label: 'system.client.createTime', type: 'datetime', sortable: true },
  ],
  form: [
    { name: 'clientId', label: 'system.client.clientId', required: true, maxLength: 64, readOnlyOn: 'edit', rules: [{ pattern: /^[A-Za-z0-9_-]+$/, message: 'system.client.clientIdRule' }] },
    { name: 'clientSecret', label: 'system.client.clientSecret', type: 'password', maxLength: 128, required: true, only: 'create' },
    { name: 'clientSecret', label: 'system.client.clientSecret', type: 'password', maxLength: 128, only: 'edit', help: 'system.client.secretKeep' },
    { name: 'scope', label: 'system.client.scope', required: true, maxLength: 64, defaultValue: 'server' },
    {
      name: 'grantTypes',
      label: 'system.client.grantTypes',
      type: 'multiSelect',
      required: true,
      options: GRANT_TYPES.map((g) => ({ value: g, label: g })),
      defaultValue: ['password', 'refresh_token'],
    },
    { name: 'accessTokenValidity', label: 'system.client.accessTokenValidity', type: 'number', min: 60, max: 31_536_000, required: true, defaultValue: 43200 },
    { name: 'refreshTokenValidity', label: 'system.client.refreshTokenValidity', type: 'number', min: 60, max: 31_536_000, required: true, defaultValue: 2592000 },
  ],
  toForm: (row) => ({ ...row, clientSecret: '', grantTypes: row.authorizedGrantTypes.split(',').filter(Boolean) }),
  toBody: (v) => ({
    clientId: v.clientId,
    ...(v.clientSecret ? { clientSecret: v.clientSecret } : {}),
    scope: v.scope,
    authorizedGrantTypes: ((v.grantTypes as string[] | undefined) ?? []).join(','),
    accessTokenValidity: v.accessTokenValidity,
    refreshTokenValidity: v.refreshTokenValidity,
  }),
};

/** 终端管理: the registered OAuth clients. */
export default function ClientsPage() {
  return <ResourcePage def={def} />;
}
