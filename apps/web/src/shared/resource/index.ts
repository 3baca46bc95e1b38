export { ResourcePage, type ResourcePageProps } from './ResourcePage';
export { ResourceForm, FormFields, fieldRules } from './ResourceForm';
export { FieldControl, useOptions } from './controls';
export { renderCell } from './renderers';
export { useCloseGuard } from './useCloseGuard';
export { validationText } from './messages';
export { snakeCase, valueAt, formatDateTime, formatMoney, searchParams } from './values';
export type * from './types';
