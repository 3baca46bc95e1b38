import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Radio, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled, MinusOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@canteen/contract';
import { ruleOf } from './form';
import { chosenCount, groupReady, isSingle, keepValid, signature, step, toggle, totalPrice, type Picks, type PreviewGroup } from './preview';
import './messages';

export interface ComboPreviewProps {
  name: string;
  /** Fen. */
  price: number;
  memberPrice: number | null;
  groups: PreviewGroup[];
}

/**
 * What a diner will choose, live while the combo is edited: group by group, fixed dishes
 * included, optional groups picked like radio buttons (one of several) or check boxes (up to
 * the most; with steppers when a dish may be picked again), each group's rule and whether it
 * is met, and the total: the combo's price plus the extras picked.
 */
export function ComboPreview({ name, price, memberPrice, groups }: ComboPreviewProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ picks: Picks; seen: string[] }>({ picks: [], seen: [] });
  const picks = keepValid(groups, state.picks, state.seen);
  const update = (index: number, next: Record<string, number>) =>
    setState({ picks: picks.map((p, i) => (i === index ? next : p)), seen: groups.map(signature) });
  const total = totalPrice(price, groups, picks);
  const ready = groups.length > 0 && groups.every((g, index) => groupReady(g, picks[index]));

  return (
    <Card
      size="small"
      title={t('storeCombo.preview.title')}
      data-testid="combo-preview"
      extra={
        <Button size="small" type="text" icon={<UndoOutlined />} onClick={() => setState({ picks: [], seen: [] })} data-testid="combo-preview-reset">
          {t('storeCombo.preview.reset')}
        </Button>
      }
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>{name || '—'}</Typography.Title>
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('storeCombo.preview.empty')} />
      ) : (
        groups.map((g, index) => {
          const groupPicks = picks[index] ?? {};
          const count = chosenCount(groupPicks);
          const met = groupReady(g, groupPicks);
          const rule = ruleOf(g);
          const full = count >= g.maxChoose;
          return (
            <div key={index} data-testid={`preview-group-${index}`} style={{ marginBottom: 12 }}>
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Text strong>{g.name || t('storeCombo.editor.group.title', { n: index + 1 })}</Typography.Text>
                {g.kind === 'fixed' ? (
                  <Tag color="blue">{t('storeCombo.preview.included')}</Tag>
                ) : (
                  <Space size={4}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`storeCombo.preview.choose${rule.key}`, rule.values)} · {t('storeCombo.preview.chosen', { n: count })}
                    </Typography.Text>
                    {met ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <ExclamationCircleFilled style={{ color: '#faad14' }} />}
                  </Space>
                )}
              </Space>
              <div style={{ marginTop: 4 }}>
                {g.items.map((item) => {
                  const n = groupPicks[item.key] ?? 0;
                  const label = (
                    <span>
                      <span>{`${item.name || '—'}${item.quantity > 1 ? ` ×${item.quantity}` : ''}`}</span>
                      {item.extraPrice > 0 && g.kind === 'optional' ? (
                        <Typography.Text type="danger" style={{ marginLeft: 6 }}>+{formatFen(item.extraPrice)}</Typography.Text>
                      ) : null}
                      {!item.available && <Tag style={{ marginLeft: 6 }}>{t('storeCombo.preview.unavailable')}</Tag>}
                    </span>
                  );
                  const testId = `preview-item-${index}-${item.key}`;
                  if (g.kind === 'fixed') {
                    return (
                      <div key={item.key} data-testid={testId} style={{ padding: '2px 0' }}>
                        <CheckCircleFilled style={{ color: '#1677ff', marginRight: 8 }} />
                        {label}
                      </div>
                    );
                  }
                  if (g.allowRepeat) {
                    return (
                      <Space key={item.key} data-testid={testId} style={{ width: '100%', justifyContent: 'space-between', padding: '2px 0' }}>
                        {label}
                        <Space size={4}>
                          <Button size="small" shape="circle" icon={<MinusOutlined />} disabled={n === 0} aria-label={t('storeCombo.preview.less')} onClick={() => update(index, step(g, groupPicks, item.key, -1))} />
                          <span style={{ minWidth: 16, textAlign: 'center', display: 'inline-block' }} data-testid={`${testId}-count`}>{n}</span>
                          <Button size="small" shape="circle" icon={<PlusOutlined />} disabled={full || !item.available} aria-label={t('storeCombo.preview.more')} onClick={() => update(index, step(g, groupPicks, item.key, 1))} />
                        </Space>
                      </Space>
                    );
                  }
                  const Control = isSingle(g) ? Radio : Checkbox;
                  return (
                    <div key={item.key} style={{ padding: '2px 0' }}>
                      <Control
                        checked={n > 0}
                        disabled={!item.available || (!isSingle(g) && full && n === 0)}
                        onChange={() => update(index, toggle(g, groupPicks, item.key))}
                        data-testid={testId}
                      >
                        {label}
                      </Control>
                    </div>
                  );
                })}
              </div>
            </div>
          );
        })
      )}
      <div style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text>{t('storeCombo.preview.total')}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 18, color: '#f5222d' }} data-testid="combo-preview-total">{formatFen(total)}</Typography.Text>
        </Space>
        {memberPrice != null && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', textAlign: 'right' }}>
            {t('storeCombo.preview.member', { price: formatFen(memberPrice + total - price) })}
          </Typography.Text>
        )}
        {groups.length > 0 && (
          <Alert
            style={{ marginTop: 8 }}
            type={ready ? 'success' : 'warning'}
            showIcon
            title={t(ready ? 'storeCombo.preview.ready' : 'storeCombo.preview.notReady')}
            data-testid="combo-preview-status"
          />
        )}
      </div>
    </Card>
  );
}
