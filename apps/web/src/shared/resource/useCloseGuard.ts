import { useCallback, useLayoutEffect, useRef } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import './messages';

const plain = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A form's values to compare: keys in order, empty values (undefined, null, '') left out, a value
 * with a `toJSON` (dayjs, Date) as that. So a field typed into and emptied again, or one the
 * store holds as undefined where it held nothing, is no change.
 */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.map((item) => comparable(item) ?? null);
  if (typeof value !== 'object') return value;
  const json = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof json === 'function') return json.call(value);
  // A File or the like: the same one or not.
  if (!plain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = comparable((value as Record<string, unknown>)[key]);
    if (item !== undefined) out[key] = item;
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => same(item, b[i]));
  }
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || !plain(a) || !plain(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export interface CloseGuard {
  /** Closes, or first asks 放弃未保存的修改？ when the user has changed something. */
  close: () => void;
  /** Takes the form's values now as those it opened with (call it after filling the form by code). */
  filled: () => void;
  /** Whether the user has changed the form since it was filled. */
  changed: () => boolean;
}

/**
 * An editor's close (Esc, a click outside, 取消, ×) that asks first when the form holds the user's
 * changes: a filled dish (name, photo, description) was lost to one Escape in its tag field.
 *
 * A change is the user's: antd marks a field touched only when its control reports an edit, never
 * for values set by code (initial values, `setFieldsValue` when the form is filled), so an editor
 * only filled is closed at once. And the values must differ from those the form opened with
 * (compared without empty values and key order): a name typed and deleted again is no change.
 * The values it opened with are `initialValues` (the Form's own), or those at `filled()` for a
 * form filled by code. A save that succeeds closes through the editor's own `onClose`, not through
 * `close`, and so never asks.
 */
export function useCloseGuard(form: FormInstance, onClose: () => void, initialValues?: object): CloseGuard {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const opened = useRef<unknown>({});
  const asking = useRef(false);
  const filled = useCallback(() => {
    opened.current = comparable(form.getFieldsValue(true));
  }, [form]);
  // An editor's Form takes its initial values when it renders, inside a drawer's portal that is
  // drawn after the editor's own effects: the values it opens with are those given here.
  useLayoutEffect(() => {
    if (initialValues) opened.current = comparable(initialValues);
  }, [initialValues]);
  const changed = useCallback(() => form.isFieldsTouched() && !same(comparable(form.getFieldsValue(true)), opened.current), [form]);
  const close = useCallback(() => {
    if (!changed()) {
      onClose();
      return;
    }
    // A second Escape or click outside while the question is open asks nothing more.
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('resource.discardTitle'),
      content: t('resource.discardContent'),
      okText: t('resource.discard'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'discard-confirm' } as object) },
      cancelText: t('resource.keepEditing'),
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  }, [changed, onClose, modal, t]);
  return { close, filled, changed };
}
