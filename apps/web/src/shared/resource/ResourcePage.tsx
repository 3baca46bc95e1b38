import { useCallback, useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Card, Empty, Form, Popconfirm, Space, Table, Tooltip } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { PlusOutlined, ReloadOutlined, SearchOutlined, ClearOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@canteen/contract';
import { api } from '../http/client';
import { useAction } from '../http/useAction';
import { usePermissionCheck } from '../session/session';
import './messages';
import { FieldControl } from './controls';
import { ResourceForm } from './ResourceForm';
import { renderCell } from './renderers';
import type { ActionContext, FormMode, ResourceDef, RowAction, Values } from './types';
import { defaults, searchParams, snakeCase, valueAt } from './values';

export interface ResourcePageProps<T> {
  def: ResourceDef<T>;
  /** Extra list parameters from outside the search form (e.g. the selected department). */
  query?: Values;
  /** Shown above the search form. */
  title?: ReactNode;
  /** Shown beside the toolbar buttons. */
  extra?: ReactNode;
  /** Shown between the toolbar and the table (e.g. a progress bar). */
  beforeTable?: ReactNode;
  /** `data-testid` of the page's card (default `resource-page`). */
  testId?: string;
  /** Told each time the list has been read from the server, with when (this browser's clock). */
  onListed?: (at: number) => void;
}

interface SortState {
  column: string;
  order: 'ascend' | 'descend';
}

/** Tree rows without empty `children` arrays, so leaves show no expand button. */
function withoutEmptyChildren<T>(rows: T[]): T[] {
  return rows.map((row) => {
    const children = (row as { children?: T[] }).children;
    if (!Array.isArray(children)) return row;
    if (children.length === 0) {
      const { children: _gone, ...rest } = row as T & { children?: T[] };
      return rest as T;
    }
    return { ...row, children: withoutEmptyChildren(children) };
  });
}

/**
 * One generic list / search / form / delete screen, driven by a `ResourceDef`: a search form,
 * a paged (or tree) table with server-side sorting, create and edit in a modal or drawer, delete
 * with confirmation, each button shown only with its permission code. Every change goes through
 * `useAction`: the HTTP client shows failures, this page the successes, then the list is read again.
 */
export function ResourcePage<T extends object>({ def, query, title, extra, beforeTable, testId = 'resource-page', onListed }: ResourcePageProps<T>) {
  const { t } = useTranslation();
  const can = usePermissionCheck();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<Values>();
  const mode = def.mode ?? 'page';
  const rowKey = def.rowKey ?? 'id';
  const baseKey = def.queryKey ?? def.base;
  const pageSize = def.pageSize ?? 10;

  const [filters, setFilters] = useState<Values>({});
  const [paging, setPaging] = useState({ current: 1, size: pageSize });
  const [sort, setSort] = useState<SortState | undefined>(() => {
    if (!def.defaultSort) return undefined;
    const column = def.columns.find((c) => c.key === def.defaultSort!.key);
    const name = typeof column?.sortable === 'string' ? column.sortable : snakeCase(def.defaultSort.key);
    return { column: name, order: def.defaultSort.order };
  });
  const [editing, setEditing] = useState<{ mode: FormMode; row?: T; values: Values } | undefined>();
  const [selected, setSelected] = useState<T[]>([]);
  const selectable = def.selection !== undefined && can(def.selection.permission);

  const params: Values = useMemo(
    () =>
      mode === 'tree'
        ? { ...filters, ...query }
        : {
            current: paging.current,
            size: paging.size,
            ...(sort ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: sort.column } : {}),
            ...filters,
            ...query,
          },
    [mode, paging, sort, filters, query],
  );
  const listUrl = def.endpoints?.list ?? `${def.base}/${mode === 'tree' ? 'tree' : 'page'}`;
  const list = useQuery<T[] | Page<T>>({
    queryKey: [baseKey, 'list', params],
    queryFn: () => api.get<T[] | Page<T>>(listUrl, { params }),
    placeholderData: keepPreviousData,
  });
  const records: T[] = useMemo(
    () => (mode === 'tree' ? withoutEmptyChildren((list.data as T[] | undefined) ?? []) : ((list.data as Page<T> | undefined)?.records ?? [])),
    [mode, list.data],
  );
  const total = mode === 'tree' ? records.length : ((list.data as Page<T> | undefined)?.total ?? 0);
  // A collapsed tree: the rows the user expanded (by id), kept across reloads.
  const collapsible = mode === 'tree' && def.tree?.collapsed === true;
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const parentIds = useMemo(() => {
    if (!collapsible) return [];
    const ids: string[] = [];
    const walk = (rows: readonly T[]) => {
      for (const row of rows) {
        const children = (row as { children?: T[] }).children;
        if (children?.length) {
          ids.push(String(valueAt(row, rowKey)));
          walk(children);
        }
      }
    };
    walk(records);
    return ids;
  }, [collapsible, records, rowKey]);
  const allExpanded = parentIds.length > 0 && parentIds.every((id) => expanded.includes(id));
  const listedAt = list.isSuccess ? list.dataUpdatedAt : 0;
  useEffect(() => {
    if (listedAt) onListed?.(listedAt);
  }, [listedAt, onListed]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: [baseKey] }), [queryClient, baseKey]);
  const idOf = (row: T) => String(valueAt(row, rowKey));

  const openCreate = useCallback(
    (initial?: Values) => setEditing({ mode: 'create', values: { ...defaults(def.form ?? []), ...initial } }),
    [def.form],
  );
  const openEdit = useCallback(
    async (row: T) => {
      let source = row;
      if (def.loadOnEdit) source = await api.get<T>(def.endpoints?.get?.(idOf(row)) ?? `${def.base}/${idOf(row)}`);
      setEditing({ mode: 'edit', row: source, values: def.toForm ? def.toForm(source) : { ...(source as Values) } });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [def],
  );
  const ctx: ActionContext<T> = { refresh, openCreate, openEdit: (row) => void openEdit(row), selected, clearSelection: () => setSelected([]) };

  // A failure leaves the form open (the HTTP client has shown it).
  const saveRow = useAction({
    run: ({ mode, row, body }: { mode: FormMode; row?: T; body: unknown }) => {
      if (mode === 'create') return api.post(def.endpoints?.create ?? def.base, body);
      const withId = body && typeof body === 'object' && !Array.isArray(body) ? { [rowKey]: idOf(row!), ...body } : body;
      return api.put(def.endpoints?.update ?? def.base, withId);
    },
    success: (_saved, { mode }) => (mode === 'create' ? 'resource.created' : 'resource.updated'),
    onSuccess: () => setEditing(undefined),
    invalidates: [[baseKey]],
  });
  const save = async (values: Values) => {
    if (!editing) return;
    const body = def.toBody ? def.toBody(values, { mode: editing.mode, row: editing.row }) : values;
    await saveRow.run({ mode: editing.mode, row: editing.row, body });
  };

  const removeRow = useAction({
    run: (row: T) => api.delete(def.endpoints?.remove?.(idOf(row)) ?? `${def.base}/${idOf(row)}`),
    success: 'resource.deleted',
    invalidates: [[baseKey]],
  });

  // A row action's call (an action that answers a promise): its success text, then the list again.
  const rowAction = useAction({
    run: async ({ action, row }: { action: RowAction<T>; row: T }) => {
      const result = action.onClick(row, ctx);
      if (!(result instanceof Promise)) return false;
      await result;
      return true;
    },
    success: (called, { action }) => (called ? action.success : undefined),
    invalidates: (called) => (called ? [[baseKey]] : []),
  });
  const run = (action: RowAction<T>, row: T) => rowAction.run({ action, row });
  const running = rowAction.running;
  const busy = running ? `${running.action.key}:${idOf(running.row)}` : undefined;

  const columns: ColumnsType<T> = def.columns.map((column) => ({
    key: column.key,
    dataIndex: column.key.split('.'),
    title: t(column.label),
    width: column.width,
    ellipsis: column.ellipsis,
    sorter: mode === 'page' && column.sortable ? true : undefined,
    sortOrder:
      column.sortable && sort && sort.column === (typeof column.sortable === 'string' ? column.sortable : snakeCase(column.key))
        ? sort.order
        : null,
    render: (value: unknown, row: T) => renderCell(column, value, row, { t, can, base: def.base, rowKey, refresh }),
  }));

  const canEdit = def.form !== undefined && can(def.permissions?.edit);
  const canDel = can(def.permissions?.del) && def.permissions?.del !== undefined;
  const canAdd = def.form !== undefined && can(def.permissions?.add) && (!def.canAddTo || (list.isSuccess && def.canAddTo(records)));
  const rowActions = (def.rowActions ?? []).filter((a) => can(a.permission));
  const addChild = mode === 'tree' && def.tree?.addChild !== undefined && def.tree.addChild !== false && canAdd;
  const addChildTo = (row: T) => addChild && (typeof def.tree?.addChild === 'function' ? def.tree.addChild(row) : true);
  if (canEdit || canDel || rowActions.length > 0 || addChild) {
    columns.push({
      key: '__actions',
      title: t('resource.actions'),
      fixed: 'right',
      render: (_: unknown, row: T) => (
        <Space size={0} wrap>
          {addChildTo(row) && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                // The new child shows under its parent, expanded.
                if (collapsible) setExpanded((keys) => (keys.includes(idOf(row)) ? keys : [...keys, idOf(row)]));
                openCreate({ [def.tree?.parentField ?? 'parentId']: idOf(row) });
              }}
            >
              {t('resource.addChild')}
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => void openEdit(row)}>
              {t('resource.edit')}
            </Button>
          )}
          {rowActions
            .filter((a) => !a.hidden?.(row))
            .map((action) => {
              const label = t(typeof action.label === 'function' ? action.label(row) : action.label);
              const button = (
                <Button
                  key={action.key}
                  type="link"
                  size="small"
                  danger={action.danger}
                  icon={action.icon}
                  loading={busy === `${action.key}:${idOf(row)}`}
                  onClick={action.confirm ? undefined : () => void run(action, row)}
                >
                  {label}
                </Button>
              );
              if (!action.confirm) return button;
              const question = typeof action.confirm === 'function' ? action.confirm(row) : action.confirm;
              return (
                <Popconfirm key={action.key} title={t(question)} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => run(action, row)}>
                  {button}
                </Popconfirm>
              );
            })}
          {canDel && (def.canDelete?.(row) ?? true) && (
            <Popconfirm title={t('resource.confirmDelete')} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => removeRow.run(row)}>
              <Button type="link" size="small" danger>
                {t('resource.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = def.columns.find((c) => c.key === String(one?.columnKey));
    if (column?.sortable && one?.order) {
      setSort({ column: typeof column.sortable === 'string' ? column.sortable : snakeCase(column.key), order: one.order });
    } else if (one && !one.order) {
      setSort(undefined);
    }
    setPaging({ current: pagination.current ?? 1, size: pagination.pageSize ?? pageSize });
  };

  const search = def.search ?? [];
  const submitSearch = (values: Values) => {
    setFilters(searchParams(search, values));
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <Card title={title} variant="borderless" data-testid={testId}>
      {search.length > 0 && (
        <Form form={searchForm} layout="inline" onFinish={submitSearch} style={{ marginBottom: 16, rowGap: 8 }} data-testid="resource-search">
          {search.map((field) => (
            <Form.Item key={field.name} name={field.name} label={t(field.label)}>
              <FieldControl field={field} search />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('resource.search')}
              </Button>
              <Button
                icon={<ClearOutlined />}
                onClick={() => {
                  searchForm.resetFields();
                  submitSearch({});
                }}
              >
                {t('resource.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openCreate()} data-testid="resource-add">
              {t('resource.add')}
            </Button>
          )}
          {(def.toolbar ?? [])
            .filter((a) => can(a.permission))
            .map((action) => (
              <Button
                key={action.key}
                type={action.primary ? 'primary' : 'default'}
                icon={action.icon}
                disabled={action.disabled}
                data-testid={action.testId}
                onClick={() => void action.onClick(ctx)}
              >
                {t(action.label)}
              </Button>
            ))}
          {collapsible && (
            <Button onClick={() => setExpanded(allExpanded ? [] : parentIds)} data-testid="resource-expand-all">
              {t(allExpanded ? 'resource.collapseAll' : 'resource.expandAll')}
            </Button>
          )}
          {extra}
        </Space>
        <Tooltip title={t('resource.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('resource.refresh')} onClick={() => void refresh()} />
        </Tooltip>
      </Space>
      {beforeTable}
      <Table<T>
        key={mode === 'tree' ? `tree-${list.dataUpdatedAt}` : 'page'}
        rowKey={(row) => idOf(row)}
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        rowSelection={selectable ? { selectedRowKeys: selected.map(idOf), onChange: (_keys, rows) => setSelected(rows), preserveSelectedRowKeys: true } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resource.empty')} /> }}
        expandable={
          def.expand
            ? { expandedRowRender: (row) => def.expand!.render(row), rowExpandable: def.expand.rowExpandable }
            : collapsible
              ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]) }
              : mode === 'tree'
                ? { defaultExpandAllRows: true }
                : undefined
        }
        pagination={
          mode === 'tree'
            ? false
            : {
                current: paging.current,
                pageSize: paging.size,
                total,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (n) => t('resource.total', { total: n }),
              }
        }
      />
      {def.form && (
        <ResourceForm
          open={editing !== undefined}
          mode={editing?.mode ?? 'create'}
          title={t(editing?.mode === 'edit' ? 'resource.editTitle' : 'resource.createTitle')}
          fields={def.form}
          initialValues={editing?.values ?? {}}
          saving={saveRow.busy}
          formIn={def.formIn ?? 'modal'}
          width={def.formWidth}
          onSubmit={(values) => void save(values)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
