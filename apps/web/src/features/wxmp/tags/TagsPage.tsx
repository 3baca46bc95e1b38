import { useMemo } from 'react';
import { ResourcePage, type ResourceDef, type Values } from '../../../shared/resource';
import type { Account, UserTag } from '../api';
import { AccountLayout } from '../components/AccountTree';
import '../messages';

function AccountTags({ account }: { account: Account }) {
  const appId = account.appId;
  const query = useMemo(() => ({ appId }), [appId]);
  const def = useMemo<ResourceDef<UserTag>>(
    () => ({
      base: '/weixin/wxusertags',
      mode: 'tree',
      endpoints: {
        list: '/weixin/wxusertags/list',
        remove: (id) => `/weixin/wxusertags?${new URLSearchParams({ appId, id }).toString()}`,
      },
      permissions: { add: 'wxmp:wxusertags:add', edit: 'wxmp:wxusertags:edit', del: 'wxmp:wxusertags:del' },
      columns: [
        { key: 'id', label: 'wxmp.tag.id', width: 120 },
        { key: 'name', label: 'wxmp.tag.name' },
        { key: 'count', label: 'wxmp.tag.count', width: 120 },
      ],
      form: [{ name: 'name', label: 'wxmp.tag.name', required: true, maxLength: 30 }],
      toBody: (v: Values) => ({ appId, name: typeof v.name === 'string' ? v.name.trim() : '' }),
    }),
    [appId],
  );
  return <ResourcePage def={def} query={query} title={account.name} />;
}

/** 用户标签: the selected account's tags, kept in step with the platform. */
export default function TagsPage() {
  return <AccountLayout>{(account) => <AccountTags key={account.appId} account={account} />}</AccountLayout>;
}
