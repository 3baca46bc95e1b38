import { useCallback, useLayoutEffect, useRef } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import './messages';

/** The form's values as text, to tell whether anything differs from what it was filled with. */
const valuesOf = (form: FormInstance) => JSON.stringify(form.getFieldsValue(true), (_key, value: unknown) => (value === undefined ? null : value));

export interface CloseGuard {
  /** Closes, or first asks when the values differ from what the form was filled with. */
  close: () => void;
  /** Takes the form's values now as the unchanged ones (after it is filled). */
  filled: () => void;
}

/**
 * An editor's close (Esc, a click outside, 取消, ×) that asks first when the form holds changes
 * not saved: a filled dish (name, photo, description) was lost to one Escape in its tag field.
 * Changes are the values compared with those the form was filled with (typing a name and
 * deleting it again is no change; a control that reports its value on mount is none either).
 * With `fillsOnMount`, the values at mount are those.
 */
export function useCloseGuard(form: FormInstance, onClose: () => void, { fillsOnMount = false } = {}): CloseGuard {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const unchanged = useRef<string | undefined>(undefined);
  const filled = useCallback(() => {
    unchanged.current = valuesOf(form);
  }, [form]);
  useLayoutEffect(() => {
    if (fillsOnMount) filled();
  }, [fillsOnMount, filled]);
  const close = useCallback(() => {
    if (unchanged.current === undefined || valuesOf(form) === unchanged.current) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('resource.discardTitle'),
      content: t('resource.discardContent'),
      okText: t('resource.discard'),
      okButtonProps: { danger: true, 'data-testid': 'discard-confirm' },
      cancelText: t('resource.keepEditing'),
      onOk: onClose,
    });
  }, [form, onClose, modal, t]);
  return { close, filled };
}
