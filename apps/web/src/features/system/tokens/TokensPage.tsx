import { LogoutOutlined } from '@ant-design/icons';
import { tokenEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import type { TokenRecord } from '../api';
import '../messages';

const def: ResourceDef<TokenRecord> = {
  base: '/upms/token',
  columns: [
    { key: 'username', label: 'system.token.username', sortable: true },
    { key: 'clientId', label: 'system.token.clientId' },
    { key: 'grantType', label: 'system.token.grantType', type: 'tag', dict: [] },
    { key: 'remoteAddr', label: 'system.token.remoteAddr' },
    { key: 'createTime', label: 'system.token.createTime', type: 'datetime', sortable: true },
    { key: 'expiresAt', label: 'system.token.expiresAt', type: 'datetime' },
  ],
  search: [{ name: 'username', label: 'system.token.username' }],
  rowActions: [
    {
      key: 'kick',
      label: 'system.token.kick',
      icon: <LogoutOutlined />,
      danger: true,
      permission: 'sys:token:del',
      confirm: 'system.token.confirmKick',
      success: 'system.token.kicked',
      onClick: (row) => call(tokenEndpoints.remove, { params: { id: row.id } }),
    },
  ],
};

/** 令牌管理: the signed-in sessions, with force sign-out. */
export default function TokensPage() {
  return <ResourcePage def={def} />;
}
