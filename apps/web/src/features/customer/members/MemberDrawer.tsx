import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Drawer, Row, Skeleton, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type MemberRecord } from '@canteen/contract';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { useMember } from './api';
import { AdjustDialog } from './AdjustDialog';
import { BalanceLedger, PointsLedger } from './Ledgers';
import { MemberCoupons } from './MemberCoupons';
import { MemberRecharges } from './MemberRecharges';
import { PaymentRefs } from './payment-ref';
import { RechargeDialog } from './RechargeDialog';
import '../messages-member';

const STATUS_COLORS = { active: 'green', frozen: 'red' } as const;

export interface MemberDrawerProps {
  id: string;
  onClose: () => void;
  /** 编辑资料: opens the member editor. */
  onEdit: (id: string) => void;
}

/** One member: profile, level, balance (本金 / 赠送金) and points, their ledgers, coupons and recharges; 调整 and 充值. */
export function MemberDrawer({ id, onClose, onEdit }: MemberDrawerProps) {
  const { t } = useTranslation();
  const member = useMember(id);
  const canEdit = usePermission('customer:member:edit');
  const canAdjust = usePermission('customer:member:adjust');
  const canRecharge = usePermission('customer:member:recharge');
  const [dialog, setDialog] = useState<'adjust' | 'recharge' | undefined>();
  // One counter's payment references for this member, kept while the drawer is open.
  const [refs] = useState(() => new PaymentRefs());
  const m = member.data;

  return (
    <Drawer
      open
      size={880}
      title={m ? `${t('customerMember.drawer.title')} · ${m.name || m.phone}` : t('customerMember.drawer.title')}
      onClose={onClose}
      destroyOnHidden
      data-testid="member-drawer"
      extra={
        m && (
          <Space>
            {canEdit && <Button onClick={() => onEdit(m.id)} data-testid="member-drawer-edit">{t('customerMember.drawer.edit')}</Button>}
            {canAdjust && <Button onClick={() => setDialog('adjust')} data-testid="member-adjust">{t('customerMember.drawer.adjust')}</Button>}
            {canRecharge && (
              <Button type="primary" disabled={m.status === 'frozen'} onClick={() => setDialog('recharge')} data-testid="member-recharge">
                {t('customerMember.drawer.recharge')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {!m ? (
        <Skeleton active aria-label={t('customerMember.drawer.loading')} />
      ) : (
        <>
          {m.status === 'frozen' && <Alert type="warning" showIcon title={t('customerMember.drawer.frozenHint')} style={{ marginBottom: 16 }} />}
          <Profile member={m} />
          <Wallet member={m} />
          <Tabs
            destroyOnHidden
            items={[
              { key: 'balance', label: t('customerMember.drawer.tabs.balance'), children: <BalanceLedger memberId={m.id} /> },
              { key: 'points', label: t('customerMember.drawer.tabs.points'), children: <PointsLedger memberId={m.id} /> },
              { key: 'coupons', label: t('customerMember.drawer.tabs.coupons'), children: <MemberCoupons memberId={m.id} /> },
              { key: 'recharges', label: t('customerMember.drawer.tabs.recharges'), children: <MemberRecharges memberId={m.id} /> },
            ]}
          />
          {dialog === 'adjust' && <AdjustDialog member={m} onClose={() => setDialog(undefined)} />}
          {dialog === 'recharge' && <RechargeDialog member={m} refs={refs} onClose={() => setDialog(undefined)} />}
        </>
      )}
    </Drawer>
  );
}

function Profile({ member: m }: { member: MemberRecord }) {
  const { t } = useTranslation();
  const none = t('customerMember.none');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 3 }}
      title={t('customerMember.drawer.profile')}
      style={{ marginBottom: 16 }}
      data-testid="member-profile"
      items={[
        { key: 'memberNo', label: t('customerMember.memberNo'), children: m.memberNo },
        { key: 'phone', label: t('customerMember.phone'), children: m.phone },
        { key: 'name', label: t('customerMember.name'), children: m.name || none },
        { key: 'gender', label: t('customerMember.gender'), children: t(`customerMember.genders.${m.gender}`) },
        { key: 'birthday', label: t('customerMember.birthday'), children: m.birthday ?? none },
        {
          key: 'level',
          label: t('customerMember.level'),
          children: (
            <Space size={4} wrap>
              <Tag color="gold" data-testid="member-level-name">{m.level.name}</Tag>
              {m.nextLevel && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('customerMember.drawer.nextLevel', { name: m.nextLevel.name, amount: formatFen(m.nextLevel.remaining) })}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { key: 'status', label: t('customerMember.status'), children: <Tag color={STATUS_COLORS[m.status]}>{t(`customerMember.statuses.${m.status}`)}</Tag> },
        { key: 'source', label: t('customerMember.source'), children: t(`customerMember.sources.${m.source}`) },
        { key: 'createTime', label: t('customerMember.createTime'), children: formatDateTime(m.createTime) },
        { key: 'lastVisit', label: t('customerMember.lastVisit'), children: m.lastVisitAt ? formatDateTime(m.lastVisitAt) : none },
        { key: 'orderCount', label: t('customerMember.orderCount'), children: m.orderCount },
        { key: 'remark', label: t('customerMember.remark'), children: m.remark || none },
      ]}
    />
  );
}

function Wallet({ member: m }: { member: MemberRecord }) {
  const { t } = useTranslation();
  const stats: Array<{ key: string; label: string; value: string | number }> = [
    { key: 'balance', label: t('customerMember.drawer.totalBalance'), value: formatFen(m.balance) },
    { key: 'principal', label: t('customerMember.principal'), value: formatFen(m.balancePrincipal) },
    { key: 'bonus', label: t('customerMember.bonus'), value: formatFen(m.balanceBonus) },
    { key: 'points', label: t('customerMember.points'), value: m.points },
    { key: 'recharged', label: t('customerMember.totalRecharged'), value: formatFen(m.totalRecharged) },
    { key: 'spent', label: t('customerMember.totalSpent'), value: formatFen(m.totalSpent) },
  ];
  return (
    <Card size="small" title={t('customerMember.drawer.wallet')} style={{ marginBottom: 16 }} data-testid="member-wallet">
      <Row gutter={[16, 8]}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={8} lg={4}>
            <Statistic title={s.label} value={s.value} styles={{ content: { fontSize: 18 } }} data-testid={`member-wallet-${s.key}`} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
