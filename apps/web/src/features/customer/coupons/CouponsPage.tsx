import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CouponsTab } from './CouponsTab';
import { PlansTab } from './PlansTab';
import '../messages-coupon';

/** 优惠券: coupon plans (券模板) with their editor and preview, issuing, and the coupons issued (已发券) with 作废. */
export default function CouponsPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" data-testid="coupon-page" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'plans', label: t('customerCoupon.tabs.plans'), children: <PlansTab /> },
          { key: 'coupons', label: t('customerCoupon.tabs.coupons'), children: <CouponsTab /> },
        ]}
      />
    </Card>
  );
}
