import { useState } from 'react';
import { Alert, Button, Checkbox, InputNumber, Modal, Radio, Space, Tag, Typography } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, type MenuCombo, type MenuDish } from '@canteen/contract';
import { roundQuantity, type CartLine } from './cart';
import {
  changeComboItem, comboLine, comboProblems, defaultComboChoice, defaultDishChoice, dishLine, dishProblems, isSingleChoice, toggleOption, type PickProblem,
} from './picker';
import type { MenuItem } from './search';
import './messages';

export interface ItemPickerProps {
  item: MenuItem;
  onAdd: (line: Omit<CartLine, 'key'>) => void;
  onClose: () => void;
}

function Problems({ problems }: { problems: PickProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="picker-problems"
      title={problems.map((p) => t(`orderCashier.picker.problems.${p.key}`, p.values)).join('；')}
    />
  );
}

/** One step more or less, never below one step (a weighed dish steps by 0.1). */
const stepped = (quantity: number, direction: 1 | -1, step: number) => Math.min(999, Math.max(step, roundQuantity((quantity || 0) + direction * step)));

/** The picker's keys: Enter adds, + and − change the quantity (as on the cart's last line). */
function onPickerKey(e: React.KeyboardEvent, add: () => void, step: (direction: 1 | -1) => void) {
  if (e.key === 'Enter') {
    e.preventDefault();
    add();
  } else if (e.key === '+' || e.key === '-') {
    e.preventDefault();
    step(e.key === '+' ? 1 : -1);
  }
}

const Section = ({ title, hint, children }: { title: string; hint?: React.ReactNode; children: React.ReactNode }) => (
  <div style={{ marginBottom: 16 }}>
    <div style={{ marginBottom: 8 }}>
      <Typography.Text strong>{title}</Typography.Text> {hint}
    </div>
    {children}
  </div>
);

function DishPicker({ dish, onAdd, onClose }: { dish: MenuDish } & Omit<ItemPickerProps, 'item'>) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(() => defaultDishChoice(dish));
  const [tried, setTried] = useState(false);
  const problems = dishProblems(dish, choice);
  const add = () => {
    setTried(true);
    if (problems.length === 0) onAdd(dishLine(dish, choice));
  };
  return (
    <Modal
      open
      title={dish.name}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>{t('orderCashier.picker.cancel')}</Button>,
        <Button key="add" type="primary" onClick={add} data-testid="picker-add">{t('orderCashier.picker.add')}</Button>,
      ]}
    >
      <div data-testid="item-picker" onKeyDown={(e) => onPickerKey(e, add, (direction) => setChoice((c) => ({ ...c, quantity: stepped(c.quantity, direction, dish.isWeighed ? 0.1 : 1) })))}>
        {dish.skus.length > 0 && (
          <Section title={t('orderCashier.picker.sku')} hint={<Tag color="red">{t('orderCashier.picker.required')}</Tag>}>
            <Radio.Group value={choice.skuId} onChange={(e) => setChoice({ ...choice, skuId: e.target.value as string })} optionType="button">
              {dish.skus.map((s) => (
                <Radio.Button key={s.id} value={s.id} disabled={!s.available} data-testid={`picker-sku-${s.id}`}>
                  {s.name} {formatFen(s.price)}{!s.available && ` · ${t('orderCashier.picker.soldOut')}`}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Section>
        )}
        {dish.specGroups.map((g) => {
          const max = g.selection === 'single' ? 1 : g.maxSelect;
          const hint = (
            <>
              <Tag color={g.minSelect > 0 ? 'red' : 'default'}>{t(g.minSelect > 0 ? 'orderCashier.picker.required' : 'orderCashier.picker.optional')}</Tag>
              {max > 1 && <Typography.Text type="secondary">{t('orderCashier.picker.multiple', { n: max })}</Typography.Text>}
            </>
          );
          return (
            <Section key={g.id} title={g.name} hint={hint}>
              <Space wrap>
                {g.options.map((o) => {
                  const label = <>{o.name}{o.priceDelta !== 0 && ` ${o.priceDelta > 0 ? '+' : ''}${formatFen(o.priceDelta)}`}</>;
                  const checked = choice.optionIds.includes(o.id);
                  const toggle = () => setChoice(toggleOption(dish, choice, o.id));
                  // A radio's onChange does not fire for the chosen one: onClick lets an optional choice be cleared.
                  return isSingleChoice(g)
                    ? <Radio key={o.id} checked={checked} onClick={toggle} data-testid={`picker-option-${o.id}`}>{label}</Radio>
                    : <Checkbox key={o.id} checked={checked} onChange={toggle} data-testid={`picker-option-${o.id}`}>{label}</Checkbox>;
                })}
              </Space>
            </Section>
          );
        })}
        <Section title={dish.isWeighed ? t('orderCashier.picker.weight', { unit: dish.unit }) : t('orderCashier.picker.quantity')}>
          <InputNumber
            autoFocus
            min={dish.isWeighed ? 0.001 : 1}
            max={999}
            step={dish.isWeighed ? 0.1 : 1}
            precision={dish.isWeighed ? 3 : 0}
            value={choice.quantity || null}
            onChange={(v) => setChoice({ ...choice, quantity: typeof v === 'number' ? v : 0 })}
            aria-label={dish.isWeighed ? t('orderCashier.picker.weight', { unit: dish.unit }) : t('orderCashier.picker.quantity')}
            data-testid="picker-quantity"
          />
          {dish.isWeighed && <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{t('orderCashier.picker.weightHelp')}</Typography.Text>}
        </Section>
        {tried && <Problems problems={problems} />}
      </div>
    </Modal>
  );
}

function ComboPicker({ combo, onAdd, onClose }: { combo: MenuCombo } & Omit<ItemPickerProps, 'item'>) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(() => defaultComboChoice(combo));
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);
  const problems = comboProblems(combo, choice);
  const add = () => {
    setTried(true);
    if (problems.length === 0) onAdd(comboLine(combo, choice, quantity));
  };
  return (
    <Modal
      open
      title={combo.name}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>{t('orderCashier.picker.cancel')}</Button>,
        <Button key="add" type="primary" onClick={add} data-testid="picker-add">{t('orderCashier.picker.add')}</Button>,
      ]}
    >
      <div data-testid="item-picker" onKeyDown={(e) => onPickerKey(e, add, (direction) => setQuantity((q) => stepped(q, direction, 1)))}>
        {combo.groups.map((g) => {
          const fixed = g.kind === 'fixed';
          const hint = fixed
            ? <Tag>{t('orderCashier.picker.fixed')}</Tag>
            : <Typography.Text type="secondary">{g.minChoose === g.maxChoose ? t('orderCashier.picker.chooseN', { n: g.minChoose }) : t('orderCashier.picker.range', { min: g.minChoose, max: g.maxChoose })}</Typography.Text>;
          return (
            <Section key={g.id} title={g.name} hint={hint}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                {g.items.map((i) => {
                  const count = choice[i.id] ?? 0;
                  return (
                    <div key={i.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', opacity: i.available ? 1 : 0.5 }}>
                      <span>
                        {i.name}{i.quantity > 1 && ` ×${i.quantity}`}
                        {i.extraPrice > 0 && <Typography.Text type="danger"> {t('orderCashier.picker.extra', { price: formatFen(i.extraPrice) })}</Typography.Text>}
                        {!i.available && <Tag style={{ marginLeft: 6 }}>{t('orderCashier.picker.soldOut')}</Tag>}
                      </span>
                      {!fixed && (
                        <Space>
                          <Button size="small" icon={<MinusOutlined />} disabled={count === 0} aria-label="-" data-testid={`combo-less-${i.id}`}
                            onClick={() => setChoice(changeComboItem(combo, choice, i.id, -1))} />
                          <span data-testid={`combo-count-${i.id}`} style={{ minWidth: 16, textAlign: 'center', display: 'inline-block' }}>{count}</span>
                          <Button size="small" icon={<PlusOutlined />} disabled={!i.available} aria-label="+" data-testid={`combo-more-${i.id}`}
                            onClick={() => setChoice(changeComboItem(combo, choice, i.id, 1))} />
                        </Space>
                      )}
                    </div>
                  );
                })}
              </Space>
            </Section>
          );
        })}
        <Section title={t('orderCashier.picker.quantity')}>
          <InputNumber min={1} max={999} precision={0} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)}
            aria-label={t('orderCashier.picker.quantity')} data-testid="picker-quantity" />
        </Section>
        {tried && <Problems problems={problems} />}
      </div>
    </Modal>
  );
}

/** The picker of a dish with SKUs, options or a weight, or of a combo with optional groups. */
export function ItemPicker({ item, onAdd, onClose }: ItemPickerProps) {
  return item.kind === 'dish'
    ? <DishPicker dish={item.item} onAdd={onAdd} onClose={onClose} />
    : <ComboPicker combo={item.item} onAdd={onAdd} onClose={onClose} />;
}
