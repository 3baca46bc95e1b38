import { Card } from 'antd';

/** 优惠券: coupon plans (券模板) with their editor and preview, issuing, and the coupons issued (已发券). */
export default function CouponsPage() {
  return <Card variant="borderless" data-testid="coupon-page" />;
}
