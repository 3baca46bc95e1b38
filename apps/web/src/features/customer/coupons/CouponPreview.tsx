import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CouponKind, CouponScope, CouponValidity, OrderType } from '@canteen/contract';
import { conditionText, scopeText, validityText, valueText } from './plan-form';
import '../messages-coupon';

export interface CouponPreviewProps {
  name: string;
  kind: CouponKind;
  /** Fen, or the rate for a discount coupon; 0 while not entered. */
  value: number;
  minSpend: number;
  maxDiscount: number | null;
  scope: CouponScope;
  scopeNames: string[];
  orderTypes: OrderType[];
  validity: CouponValidity;
  validFrom: string | null;
  validTo: string | null;
  validDays: number | null;
  description: string;
}

const accent = '#e8542e';

/** The coupon as a customer sees it in their wallet: the value big on the left, name, condition, validity and scope on the right. */
export function CouponPreview(p: CouponPreviewProps) {
  const { t } = useTranslation();
  const big = p.value > 0 ? valueText(t, p.kind, p.value) : p.kind === 'discount' ? '—折' : '¥—';
  const types = p.orderTypes.length === 1 ? t('customerCoupon.text.orderTypes', { types: t(`customerCoupon.orderTypes.${p.orderTypes[0]}`) }) : '';
  return (
    <div data-testid="coupon-preview" aria-label={t('customerCoupon.preview.title')}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('customerCoupon.preview.title')}</Typography.Text>
      <div style={{ marginTop: 8, padding: 16, background: '#f5f5f5', borderRadius: 12 }}>
        <div style={{ display: 'flex', background: '#fff', borderRadius: 8, overflow: 'hidden', boxShadow: '0 1px 3px rgba(0,0,0,0.08)' }}>
          <div
            style={{
              width: 110, flex: 'none', background: accent, color: '#fff', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
              padding: '16px 8px', borderRight: '2px dashed rgba(255,255,255,0.7)',
            }}
          >
            <div style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.1 }} data-testid="coupon-preview-value">{big}</div>
            <div style={{ fontSize: 12, marginTop: 6, textAlign: 'center' }} data-testid="coupon-preview-condition">{conditionText(t, p)}</div>
          </div>
          <div style={{ flex: 1, minWidth: 0, padding: '12px 14px', display: 'flex', flexDirection: 'column', gap: 4 }}>
            <Typography.Text strong ellipsis style={{ fontSize: 15 }} data-testid="coupon-preview-name">{p.name.trim() || t('customerCoupon.preview.untitled')}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="coupon-preview-validity">{validityText(t, p)}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="coupon-preview-scope">
              {scopeText(t, p.scope, p.scopeNames)}{types ? ` · ${types}` : ''}
            </Typography.Text>
            <div style={{ marginTop: 'auto', textAlign: 'right' }}>
              <span style={{ display: 'inline-block', padding: '2px 12px', borderRadius: 12, border: `1px solid ${accent}`, color: accent, fontSize: 12 }}>
                {t('customerCoupon.preview.use')}
              </span>
            </div>
          </div>
        </div>
        {p.description.trim() && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 10, marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {t('customerCoupon.preview.rules')}：{p.description.trim()}
          </Typography.Paragraph>
        )}
      </div>
    </div>
  );
}
