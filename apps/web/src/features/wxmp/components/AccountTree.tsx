import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Card, Col, Empty, Input, Row, Spin, Tree } from 'antd';
import { SearchOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listAccounts, type Account } from '../api';
import { wxmpKeys } from '../queryKeys';
import '../messages';

export interface AccountTreeProps {
  /** The selected account's AppID. */
  value?: string;
  onChange: (account: Account) => void;
}

/** The signed-in user's accounts (`GET /weixin/wxapp/list?appType=2`), shared by every screen. */
export const useAccounts = () => useQuery({ queryKey: wxmpKeys.accounts.list(), queryFn: listAccounts });

/**
 * The 公众号名称 card: a filter input and the accounts as a tree. The first account is selected
 * when nothing (or an account that no longer exists) is selected.
 */
export function AccountTree({ value, onChange }: AccountTreeProps) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const [filter, setFilter] = useState('');
  const list = useMemo(() => accounts.data ?? [], [accounts.data]);

  useEffect(() => {
    if (list.length && !list.some((a) => a.appId === value)) onChange(list[0]!);
  }, [list, value, onChange]);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? list.filter((a) => a.name.toLowerCase().includes(needle) || a.appId.toLowerCase().includes(needle)) : list;
  }, [list, filter]);

  return (
    <Card size="small" title={t('wxmp.common.accounts')} data-testid="account-tree" styles={{ body: { padding: 12 } }}>
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('wxmp.common.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {accounts.isLoading ? (
        <Spin size="small" />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wxmp.common.noAccount')} />
      ) : (
        <Tree
          blockNode
          showIcon
          selectedKeys={value ? [value] : []}
          treeData={shown.map((a) => ({ key: a.appId, title: a.name, icon: <WechatOutlined style={{ color: '#07c160' }} /> }))}
          onSelect={(keys) => {
            const picked = list.find((a) => a.appId === String(keys[0]));
            if (picked) onChange(picked);
          }}
        />
      )}
    </Card>
  );
}

/**
 * A screen with the account tree on the left; the right side is rendered for the selected
 * account only (nothing is called without an `appId`).
 */
export function AccountLayout({ children }: { children: (account: Account) => ReactNode }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState<Account>();
  const accounts = useAccounts();
  // Follow renames and deletions of the selected account.
  const current = account && accounts.data?.find((a) => a.appId === account.appId);
  return (
    <Row gutter={[12, 12]} data-testid="account-layout">
      <Col xs={24} md={7} lg={6} xl={5}>
        <AccountTree value={current?.appId} onChange={setAccount} />
      </Col>
      <Col xs={24} md={17} lg={18} xl={19}>
        {current ? children(current) : <Card variant="borderless"><Empty description={t('wxmp.common.selectAccount')} /></Card>}
      </Col>
    </Row>
  );
}
