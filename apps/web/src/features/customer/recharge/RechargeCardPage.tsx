import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlansTab } from './PlansTab';
import { RechargesTab } from './RechargesTab';
import '../messages-recharge';

/** 储值卡: the recharge plans the counter offers (充值方案) and the recharges made (充值记录), with refund. */
export default function RechargeCardPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid="rechargecard-page" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'plans', label: t('customerRecharge.tabs.plans'), children: <PlansTab /> },
          { key: 'records', label: t('customerRecharge.tabs.records'), children: <RechargesTab /> },
        ]}
      />
    </Card>
  );
}
