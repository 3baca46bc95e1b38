import { useState, type KeyboardEvent } from 'react';
import { Button, Empty, Input, Modal, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type MemberRow } from '@canteen/contract';
import { useDebounced, useMemberLookup } from './api';
import './messages';

export interface MemberLookupProps {
  open: boolean;
  onPick: (member: MemberRow) => void;
  onClose: () => void;
}

/**
 * 查找会员 (F2): by phone, the phone's last four (尾号) or member number as one types. Several
 * members often share a 尾号, so ↑↓ choose among those found and Enter takes the chosen one.
 */
export function MemberLookup({ open, onPick, onClose }: MemberLookupProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(0);
  const keyword = useDebounced(text.trim(), 250);
  const found = useMemberLookup(keyword);
  const members = keyword === text.trim() ? (found.data ?? []) : [];
  const current = Math.min(chosen, Math.max(0, members.length - 1));
  const pick = (m: MemberRow) => {
    onPick(m);
    setText('');
    setChosen(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (members.length) setChosen((current + (e.key === 'ArrowDown' ? 1 : members.length - 1)) % members.length);
  };
  return (
    <Modal open={open} title={t('orderCashier.member.dialogTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="member-lookup">
        <Input
          autoFocus
          value={text}
          onChange={(e) => { setText(e.target.value); setChosen(0); }}
          onKeyDown={onKeyDown}
          onPressEnter={() => { if (members[current]) pick(members[current]); }}
          placeholder={t('orderCashier.member.placeholder')}
          aria-label={t('orderCashier.member.placeholder')}
          data-testid="member-lookup-input"
          inputMode="numeric"
        />
        <Typography.Text type="secondary" style={{ display: 'block', margin: '6px 0 12px' }}>
          {members.length > 1 ? t('orderCashier.member.several', { n: members.length }) : t('orderCashier.member.hint')}
        </Typography.Text>
        {found.isFetching && <Spin size="small" />}
        {keyword !== '' && !found.isFetching && members.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderCashier.member.none')} />}
        {members.map((m, i) => (
          <div
            key={m.id}
            data-testid={`member-found-${m.id}`}
            aria-selected={i === current}
            onMouseEnter={() => setChosen(i)}
            style={{
              display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px', borderBottom: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
              background: i === current ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
            }}
          >
            <div>
              <div>
                <Typography.Text strong>{m.name || m.memberNo}</Typography.Text> <Typography.Text type="secondary">{m.phone}</Typography.Text>
                {m.status === 'frozen' && <Tag color="red" style={{ marginLeft: 6 }}>{t('orderCashier.member.frozen')}</Tag>}
              </div>
              <Typography.Text type="secondary">{`${m.levelName} · ${t('orderCashier.member.balance')} ${formatFen(m.balance)}`}</Typography.Text>
            </div>
            <Button type="link" onClick={() => pick(m)}>{t('orderCashier.member.pick')}</Button>
          </div>
        ))}
      </div>
    </Modal>
  );
}
