import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionCode } from '@canteen/contract';
import { usePermissionCheck } from './session';

/** The one 403 view of a page the user may not see (the shell shows it in the page's place). */
export function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('error.forbidden')} data-testid="forbidden" />;
}

/**
 * Its children with the permission `code` (`null`: every signed-in user), the 403 view without
 * it. The shell wraps every registered page in it with the page's declared view permission.
 */
export function RequirePermission({ code, children }: { code: PermissionCode | null; children: ReactNode }) {
  const allowed = usePermissionCheck()(code);
  return allowed ? children : <Forbidden />;
}
