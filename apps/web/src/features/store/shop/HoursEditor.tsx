import { Button, Checkbox, Form, Space, Tag, TimePicker, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BusinessHoursSlot } from '@canteen/contract';
import { isOvernight, overlappingDay } from './form';
import './messages';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const SLOTS_MAX = 21;

/** A "HH:MM" string edited with antd's time picker. */
function TimeInput({ value, onChange, disabled, id, label }: { value?: string; onChange?: (v: string | undefined) => void; disabled?: boolean; id?: string; label: string }) {
  const parsed = value ? dayjs().hour(Number(value.slice(0, 2))).minute(Number(value.slice(3, 5))).second(0) : null;
  return (
    <TimePicker
      id={id}
      aria-label={label}
      format="HH:mm"
      value={parsed}
      disabled={disabled}
      needConfirm={false}
      placeholder={label}
      style={{ width: 110 }}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format('HH:mm') : undefined)}
    />
  );
}

/**
 * The weekly business hours: several slots, each a set of weekdays with an opening and a closing
 * time; a closing time at or before the opening runs into the next day (labelled 次日).
 */
export function HoursEditor({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const slots = (Form.useWatch('businessHours', form) as Array<Partial<BusinessHoursSlot> | undefined> | undefined) ?? [];
  const dayName = (day: number) => t('storeShop.weekday', { day: t(`storeShop.weekdays.${day}`) });
  return (
    <Form.List
      name="businessHours"
      rules={[
        {
          validator: async (_rule, value: Array<Partial<BusinessHoursSlot>> | undefined) => {
            if ((value?.length ?? 0) > SLOTS_MAX) throw new Error(t('storeShop.v.tooManySlots'));
            const day = overlappingDay(value ?? []);
            if (day !== null) throw new Error(t('storeShop.v.overlap', { day: t(`storeShop.weekdays.${day}`) }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="hours-editor">
          {fields.map((field, index) => {
            const slot = slots[index];
            const overnight = slot?.open && slot.close && slot.open !== slot.close && isOvernight({ open: slot.open, close: slot.close });
            return (
              <Space key={field.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }} data-testid={`hours-slot-${index}`}>
                <Form.Item name={[field.name, 'days']} rules={[{ required: true, type: 'array', min: 1, message: t('storeShop.v.days') }]} style={{ marginBottom: 8 }}>
                  <Checkbox.Group disabled={disabled} options={WEEKDAYS.map((d) => ({ value: d, label: t(`storeShop.weekdays.${d}`) }))} />
                </Form.Item>
                <Form.Item name={[field.name, 'open']} rules={[{ required: true, message: t('storeShop.v.openTime') }]} style={{ marginBottom: 8 }}>
                  <TimeInput disabled={disabled} label={t('storeShop.open')} />
                </Form.Item>
                <span style={{ lineHeight: '32px' }}>–</span>
                <Form.Item
                  name={[field.name, 'close']}
                  dependencies={[['businessHours', field.name, 'open']]}
                  rules={[
                    { required: true, message: t('storeShop.v.closeTime') },
                    ({ getFieldValue }) => ({
                      validator: async (_rule, close: string | undefined) => {
                        if (close && close === getFieldValue(['businessHours', field.name, 'open'])) throw new Error(t('storeShop.v.sameTime'));
                      },
                    }),
                  ]}
                  style={{ marginBottom: 8 }}
                >
                  <TimeInput disabled={disabled} label={t('storeShop.close')} />
                </Form.Item>
                <span style={{ display: 'inline-block', minWidth: 44, lineHeight: '32px' }}>
                  {overnight ? <Tag color="purple" data-testid={`next-day-${index}`}>{t('storeShop.nextDay')}</Tag> : null}
                </span>
                {!disabled && (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('storeShop.removeSlot')} title={t('storeShop.removeSlot')} onClick={() => remove(field.name)} />
                )}
              </Space>
            );
          })}
          <Form.ErrorList errors={errors} />
          {!disabled && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= SLOTS_MAX}
              onClick={() => add({ days: [...WEEKDAYS], open: '10:00', close: '22:00' })}
              data-testid="add-slot"
            >
              {t('storeShop.addSlot')}
            </Button>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('storeShop.hoursHelp')}
          </Typography.Paragraph>
          {slots.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="hours-summary">
              {slots
                .filter((s): s is BusinessHoursSlot => Boolean(s?.days?.length && s.open && s.close))
                .map((s) => `${[...s.days].sort().map(dayName).join('、')} ${s.open}–${isOvernight(s) ? t('storeShop.nextDay') : ''}${s.close}`)
                .join('；')}
            </Typography.Paragraph>
          )}
        </div>
      )}
    </Form.List>
  );
}
