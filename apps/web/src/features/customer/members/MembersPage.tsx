import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LevelsTab } from '../levels/LevelsTab';
import { MemberList } from './MemberList';
import '../messages-member';

/**
 * 会员: the brand's members (search, filters, add and edit, freeze, the detail drawer with its
 * ledgers, adjust and recharge) and, on their own tab, the member levels.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid="member-page" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'members', label: t('customerMember.tabs.list'), children: <MemberList /> },
          { key: 'levels', label: t('customerMember.tabs.levels'), children: <LevelsTab /> },
        ]}
      />
    </Card>
  );
}
