import { useState } from 'react';
import { formatFen, type MenuCombo, type MenuDish } from '@canteen/contract';
import { lineEstimate, QUANTITY_MAX, quantityText, WEIGHT_STEP, type NewCartLine } from './cart';
import {
  changeComboItem, comboChoices, comboProblem, comboSpecText, comboUnitPrice, defaultComboChoice, defaultDishChoice, dishProblem, dishSpecText, dishUnitPrice, toggleOption,
} from './choices';
import type { Translate } from './i18n';

export type Picked = { kind: 'dish'; item: MenuDish } | { kind: 'combo'; item: MenuCombo };

const limits = (t: Translate, min: number, max: number) => (min === max ? (min === 1 ? t('required') : t('chooseBetween', { min, max })) : min > 0 ? t('chooseBetween', { min, max }) : t('chooseUpTo', { max }));

/** The option / combo picker: a sheet over the menu; 加入购物车 says what is missing instead of adding. */
export function Picker({ t, picked, onClose, onAdd }: { t: Translate; picked: Picked; onClose: () => void; onAdd: (line: NewCartLine, quantity: number) => void }) {
  return (
    <div className="dn-mask" onClick={onClose}>
      <div className="dn-sheet" role="dialog" aria-label={picked.item.name} onClick={(e) => e.stopPropagation()} data-testid="diner-picker">
        {picked.kind === 'dish' ? <DishPicker t={t} dish={picked.item} onAdd={onAdd} /> : <ComboPicker t={t} combo={picked.item} onAdd={onAdd} />}
        <button type="button" className="dn-close" onClick={onClose} aria-label="close">×</button>
      </div>
    </div>
  );
}

function Footer({ t, price, problem, onAdd }: { t: Translate; price: number; problem: string | undefined; onAdd: () => void }) {
  const [tried, setTried] = useState(false);
  return (
    <div className="dn-sheet-foot">
      {tried && problem && <p className="dn-error" role="alert">{problem}</p>}
      <div className="dn-row">
        <span className="dn-price">{formatFen(price)}</span>
        <button type="button" className="dn-button" onClick={() => (problem ? setTried(true) : onAdd())} data-testid="diner-picker-add">{t('add')}</button>
      </div>
    </div>
  );
}

function DishPicker({ t, dish, onAdd }: { t: Translate; dish: MenuDish; onAdd: (line: NewCartLine, quantity: number) => void }) {
  const [choice, setChoice] = useState(() => defaultDishChoice(dish));
  // A weighed dish: the weight ordered, in its unit (斤, kg); what it costs is unit price × weight.
  const [weight, setWeight] = useState(1);
  const problem = dishProblem(dish, choice, t);
  const unitPrice = dishUnitPrice(dish, choice);
  return (
    <>
      <h2>{dish.name}</h2>
      {dish.skus.length > 1 && (
        <fieldset className="dn-group">
          <legend>{t('choose')} <small>{t('required')}</small></legend>
          {dish.skus.map((sku) => (
            <button type="button" key={sku.id} className={choice.skuId === sku.id ? 'dn-chip on' : 'dn-chip'} disabled={!sku.available} aria-pressed={choice.skuId === sku.id}
              onClick={() => setChoice({ ...choice, skuId: sku.id })}>
              {sku.name} {formatFen(sku.price)}{!sku.available && ` · ${t('soldOut')}`}
            </button>
          ))}
        </fieldset>
      )}
      {dish.specGroups.map((group) => (
        <fieldset className="dn-group" key={group.id}>
          <legend>{group.name} <small>{limits(t, group.minSelect, group.maxSelect)}</small></legend>
          {group.options.map((option) => {
            const on = choice.optionIds.includes(option.id);
            return (
              <button type="button" key={option.id} className={on ? 'dn-chip on' : 'dn-chip'} aria-pressed={on} onClick={() => setChoice(toggleOption(dish, choice, group.id, option.id))}>
                {option.name}{option.priceDelta ? ` +${formatFen(option.priceDelta)}` : ''}
              </button>
            );
          })}
        </fieldset>
      ))}
      {dish.isWeighed && (
        <fieldset className="dn-group" data-testid="diner-weight">
          <legend>{t('weight')}</legend>
          <span className="dn-stepper-row">
            <span data-testid="diner-weight-value">{quantityText({ quantity: weight, weighed: true, unit: dish.unit })}</span>
            <span className="dn-stepper">
              <button type="button" aria-label={`${t('weight')} -`} disabled={weight <= WEIGHT_STEP} onClick={() => setWeight((w) => Math.max(WEIGHT_STEP, w - WEIGHT_STEP))}>−</button>
              <button type="button" aria-label={`${t('weight')} +`} disabled={weight + WEIGHT_STEP > QUANTITY_MAX} onClick={() => setWeight((w) => w + WEIGHT_STEP)}>+</button>
            </span>
          </span>
          <p className="dn-hint" data-testid="diner-weighed-note">{t('weighedNote', { price: formatFen(unitPrice), unit: dish.unit })}</p>
        </fieldset>
      )}
      <Footer t={t} price={dish.isWeighed ? lineEstimate(unitPrice, weight) : unitPrice} problem={problem} onAdd={() => onAdd({
        kind: 'dish', itemId: dish.id, skuId: choice.skuId, optionIds: choice.optionIds, choices: [], name: dish.name, specText: dishSpecText(dish, choice), unitPrice,
        ...(dish.isWeighed ? { weighed: true, unit: dish.unit } : {}),
      }, dish.isWeighed ? weight : 1)} />
    </>
  );
}

function ComboPicker({ t, combo, onAdd }: { t: Translate; combo: MenuCombo; onAdd: (line: NewCartLine, quantity: number) => void }) {
  const [choice, setChoice] = useState(() => defaultComboChoice(combo));
  const problem = comboProblem(combo, choice, t);
  return (
    <>
      <h2>{combo.name}</h2>
      {combo.groups.map((group) => (
        <fieldset className="dn-group" key={group.id}>
          <legend>{group.name} <small>{group.kind === 'fixed' ? t('fixed') : limits(t, group.minChoose, group.maxChoose)}</small></legend>
          {group.items.map((item) => {
            const count = choice[item.id] ?? 0;
            const label = `${item.name}${item.quantity > 1 ? `×${item.quantity}` : ''}${item.extraPrice ? ` +${formatFen(item.extraPrice)}` : ''}${item.available ? '' : ` · ${t('soldOut')}`}`;
            if (group.kind === 'fixed') return <span key={item.id} className="dn-chip fixed">{label}</span>;
            if (group.allowRepeat) {
              return (
                <span key={item.id} className="dn-stepper-row">
                  <span>{label}</span>
                  <span className="dn-stepper">
                    <button type="button" aria-label={`${item.name} -`} disabled={!count} onClick={() => setChoice(changeComboItem(combo, choice, group.id, item.id, -1))}>−</button>
                    <span>{count}</span>
                    <button type="button" aria-label={`${item.name} +`} disabled={!item.available} onClick={() => setChoice(changeComboItem(combo, choice, group.id, item.id, 1))}>+</button>
                  </span>
                </span>
              );
            }
            return (
              <button type="button" key={item.id} className={count ? 'dn-chip on' : 'dn-chip'} aria-pressed={count > 0} disabled={!item.available && !count}
                onClick={() => setChoice(changeComboItem(combo, choice, group.id, item.id, count ? -1 : 1))}>
                {label}
              </button>
            );
          })}
        </fieldset>
      ))}
      <Footer t={t} price={comboUnitPrice(combo, choice)} problem={problem} onAdd={() => onAdd({
        kind: 'combo', itemId: combo.id, optionIds: [], choices: comboChoices(choice), name: combo.name, specText: comboSpecText(combo, choice), unitPrice: comboUnitPrice(combo, choice),
      }, 1)} />
    </>
  );
}
