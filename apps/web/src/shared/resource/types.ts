import type { ReactNode } from 'react';
import type { Rule } from 'antd/es/form';
import type { PermissionCode } from '@canteen/contract';

/**
 * The declaration a `ResourcePage` is driven by. Every visible text (`label`, `title`, `confirm`,
 * dictionary labels) is an i18n key; a key that does not exist is shown as written.
 */

/** One entry of a fixed dictionary (status flags, types): stored value → label and tag colour. */
export interface DictItem {
  value: string;
  label: string;
  color?: string;
}
export type Dict = readonly DictItem[];

/** A choice of a select, radio group or tree select (`children` for trees). */
export interface Option {
  value: string;
  label: ReactNode;
  children?: Option[];
  disabled?: boolean;
}

/** Choices loaded from the server (cached by TanStack Query under `queryKey`). */
export interface OptionSource {
  queryKey: readonly unknown[];
  load: () => Promise<Option[]>;
}

export type FieldType =
  | 'text' | 'textarea' | 'password' | 'number' | 'money'
  | 'select' | 'multiSelect' | 'treeSelect' | 'radio' | 'switch'
  | 'date' | 'dateRange' | 'custom';

export type FormMode = 'create' | 'edit';

export type Values = Record<string, unknown>;

/** A field of the search form or of the create/edit form. */
export interface FieldDef {
  name: string;
  label: string;
  type?: FieldType;
  /** Choices from a fixed dictionary (select, radio). */
  dict?: Dict;
  /** Choices given directly or loaded (select, multiSelect, treeSelect, radio). */
  options?: Option[] | OptionSource;
  required?: boolean;
  /**
   * A validator of the contract (`validatePhone`, …): the message to show or null. It runs on
   * non-empty values, and on empty ones too when the field is required.
   */
  validate?: (value: unknown, values: Values) => string | null;
  /**
   * When `validate` runs: at each change (default), or only on submit, for a composite control
   * that shows the problems of its own parts as the user touches them (the reply editor).
   */
  validateOn?: 'change' | 'submit';
  /** Further antd rules. */
  rules?: Rule[];
  placeholder?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Shown only when creating, or only when editing. */
  only?: FormMode;
  /** Read-only in this mode (e.g. a user name cannot change after creation). */
  readOnlyOn?: FormMode;
  /** Shown only while this holds for the other values (e.g. a permission code for buttons only). */
  visible?: (values: Values) => boolean;
  /** Value of a new record. */
  defaultValue?: unknown;
  /** dateRange in a search form: the two query parameters it becomes (ISO 8601 times). */
  rangeNames?: [string, string];
  /** switch: the stored values for on and off (default true/false). */
  switchValues?: [unknown, unknown];
  /** A help text under the control (i18n key). */
  help?: string;
  /** custom: the control itself, bound to the form value. */
  render?: (props: { value: unknown; onChange: (value: unknown) => void; mode?: FormMode; id?: string }) => ReactNode;
}

export type ColumnType = 'text' | 'tag' | 'image' | 'avatar' | 'datetime' | 'date' | 'switch' | 'money';

/** A column of the table. `key` is the field (dotted paths allowed). */
export interface ColumnDef<T> {
  key: string;
  label: string;
  type?: ColumnType;
  /** tag: labels and colours of the values. */
  dict?: Dict;
  /** Sortable on the server: true sorts by the snake_case form of `key`, a string names the column. */
  sortable?: boolean | string;
  width?: number;
  ellipsis?: boolean;
  /** switch: [on, off] values, the code needed to flip it, and the call (default PUT base `{ id, key: value }`). */
  switch?: { values?: [unknown, unknown]; permission?: PermissionCode; update?: (row: T, value: unknown) => Promise<unknown> };
  render?: (value: unknown, row: T) => ReactNode;
}

/** What an action can do to the page. */
export interface ActionContext<T> {
  refresh: () => Promise<void>;
  openCreate: (initial?: Values) => void;
  openEdit: (row: T) => void;
  /** The selected rows (with `selection`; kept across pages), and a way to clear them. */
  selected: T[];
  clearSelection: () => void;
}

export interface RowAction<T> {
  key: string;
  label: string | ((row: T) => string);
  icon?: ReactNode;
  permission?: PermissionCode;
  danger?: boolean;
  /** Ask first (i18n key of the question). */
  confirm?: string | ((row: T) => string);
  hidden?: (row: T) => boolean;
  /** Shown after the returned promise resolves (i18n key); the list is then reloaded. */
  success?: string;
  onClick: (row: T, ctx: ActionContext<T>) => unknown;
}

export interface ToolbarAction<T> {
  key: string;
  label: string;
  icon?: ReactNode;
  permission?: PermissionCode;
  primary?: boolean;
  disabled?: boolean;
  /** `data-testid` of the button. */
  testId?: string;
  onClick: (ctx: ActionContext<T>) => unknown;
}

export interface ResourceEndpoints {
  /** The page (`mode: 'page'`, default `${base}/page`) or the tree (`mode: 'tree'`, default `${base}/tree`). */
  list?: string;
  /** One record for editing (with `loadOnEdit`), default `${base}/${id}`. */
  get?: (id: string) => string;
  create?: string;
  update?: string;
  remove?: (id: string) => string;
}

export interface ResourceDef<T> {
  /** The API path the default endpoints hang from: `GET base/page`, `POST base`, `PUT base`, `DELETE base/{id}`. */
  base: string;
  endpoints?: ResourceEndpoints;
  /** TanStack Query key prefix (default `base`); everything under it reloads after a change. */
  queryKey?: string;
  /** 'page': a paged table (current/size/ascs/descs). 'tree': the whole tree in one call, rows with children. */
  mode?: 'page' | 'tree';
  rowKey?: string;
  columns: ColumnDef<T>[];
  search?: FieldDef[];
  /** The create/edit form; without it there is no add or edit. */
  form?: FieldDef[];
  /**
   * Permission codes of the add, edit and delete buttons (each hidden without its code). Whether
   * the user may see the page at all is declared once, with the page in its feature's `pages.ts`.
   */
  permissions?: { add?: PermissionCode; edit?: PermissionCode; del?: PermissionCode };
  rowActions?: RowAction<T>[];
  toolbar?: ToolbarAction<T>[];
  pageSize?: number;
  defaultSort?: { key: string; order: 'ascend' | 'descend' };
  /** Where the form opens. */
  formIn?: 'modal' | 'drawer';
  formWidth?: number;
  /** Record → form values (e.g. role objects → roleIds). */
  toForm?: (row: T) => Values;
  /** Form values → request body; `id` is added on edit. */
  toBody?: (values: Values, ctx: { mode: FormMode; row?: T }) => unknown;
  /** Fetch `GET base/{id}` before editing instead of using the row. */
  loadOnEdit?: boolean;
  /** Tree mode: the parent field, so a row can get an "add child" action, and the top value. */
  /**
   * `collapsed`: the tree starts with its top level only (a big tree, e.g. 菜单管理, shows again
   * faster in a kept-alive tab with fewer rows mounted), with 展开全部 / 折叠全部; what the user
   * expands stays expanded across reloads, and adding a child expands its parent. Default: all expanded.
   */
  tree?: { parentField?: string; root?: string; addChild?: boolean | ((row: T) => boolean); collapsed?: boolean };
  /** A detail shown when a row is expanded (e.g. a log's exception text). */
  expand?: { render: (row: T) => ReactNode; rowExpandable?: (row: T) => boolean };
  /** Rows get checkboxes (kept across pages) when the user holds `permission`; toolbar actions see them as `ctx.selected`. */
  selection?: { permission?: PermissionCode };
  /** Whether the delete action applies to a row (e.g. not to oneself). */
  canDelete?: (row: T) => boolean;
  /** Whether the add button is offered for the loaded rows (e.g. at most one record). */
  canAddTo?: (rows: T[]) => boolean;
}
