import { useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { App, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { ClearOutlined, HolderOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CoverImage } from '../../../shared/media/CoverImage';
import { useTranslation } from 'react-i18next';
import { dishEndpoints, formatFen, type DishBatch, type DishRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { StoreGate } from '../shop/StoreGate';
import { CATEGORIES_KEY, DISHES_KEY, MENU_KEY, useCategories } from './api';
import { DishEditor } from './DishEditor';
import { stockText } from './form';
import { moveItem } from './ImagesField';
import './messages';

const COMBOS_KEY = '/store/combo';
/** What a change of dishes makes stale: the list, category counts, combos' availability, the ordering menu. */
const DISH_CHANGES = [[DISHES_KEY], [CATEGORIES_KEY], [COMBOS_KEY], [MENU_KEY]] as const;

interface Filters {
  categoryId?: string;
  onShelf?: 'true' | 'false';
  soldOut?: 'true' | 'false';
  name?: string;
}

type BatchAction = DishBatch['action'];

/**
 * The new order of a whole category after a drag on a (possibly filtered, paged) list: the
 * category's dishes keep their places, except that the places the shown ones held are filled
 * by the shown ones in their new order.
 */
export function mergeOrder(category: readonly string[], shownInNewOrder: readonly string[]): string[] {
  const shown = new Set(shownInNewOrder);
  let next = 0;
  return category.map((id) => (shown.has(id) ? shownInNewOrder[next++]! : id));
}

function Dishes({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canAdd = usePermission('store:dish:add');
  const canEdit = usePermission('store:dish:edit');
  const canDel = usePermission('store:dish:del');
  const categories = useCategories(storeId, 'dish');
  const [filterForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [sort, setSort] = useState<{ column: string; order: 'ascend' | 'descend' } | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ dish?: DishRecord } | undefined>();
  const [moving, setMoving] = useState(false);
  const [moveTo, setMoveTo] = useState<string | undefined>();
  const [draft, setDraft] = useState<{ ids: string[]; at: number } | undefined>();
  const dragFrom = useRef<string | undefined>(undefined);
  const armed = useRef<string | undefined>(undefined);

  const params = {
    storeId,
    current: paging.current,
    size: paging.size,
    ...(sort ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: sort.column } : {}),
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')),
  };
  const list = useQuery({
    queryKey: [DISHES_KEY, 'list', params],
    queryFn: () => call(dishEndpoints.page, { query: params }),
    placeholderData: keepPreviousData,
  });
  const fetched = useMemo(() => list.data?.records ?? [], [list.data]);
  // A dragged order shows at once, until the list read after saving it arrives.
  const records = useMemo(() => {
    if (!draft || draft.at !== list.dataUpdatedAt) return fetched;
    const byId = new Map(fetched.map((d) => [d.id, d]));
    return draft.ids.map((id) => byId.get(id)).filter((d): d is DishRecord => d !== undefined);
  }, [draft, fetched, list.dataUpdatedAt]);
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  const canDrag = canEdit && !sort;

  const batch = useAction({
    run: (input: { action: BatchAction; ids: string[]; categoryId?: string }) =>
      call(dishEndpoints.batch, { body: { storeId, ...input } as DishBatch }),
    invalidates: DISH_CHANGES,
  });
  const runBatch = async (action: BatchAction, categoryId?: string) => {
    const done = await batch.run({ action, ids: selected, categoryId });
    if (done) {
      void message.success(t('storeDish.batch.done', { n: done.updated }));
      setSelected([]);
      setMoving(false);
      setMoveTo(undefined);
    }
  };
  const confirmBatch = (action: BatchAction, question: string) =>
    modal.confirm({
      title: t(question, { n: selected.length }),
      okText: t('resource.ok'),
      cancelText: t('resource.cancel'),
      onOk: () => runBatch(action),
    });

  const flip = useAction({
    run: (input: { row: DishRecord; action: BatchAction }) => call(dishEndpoints.batch, { body: { storeId, ids: [input.row.id], action: input.action } as DishBatch }),
    onSuccess: (_out, input) => void message.success(t(`storeDish.switched.${input.action}`, { name: input.row.name })),
    invalidates: DISH_CHANGES,
  });
  const [flipping, setFlipping] = useState<string | undefined>();
  const switchRow = async (row: DishRecord, action: BatchAction, key: string) => {
    setFlipping(`${key}:${row.id}`);
    try {
      await flip.run({ row, action });
    } finally {
      setFlipping(undefined);
    }
  };

  const remove = useAction({
    run: (row: DishRecord) => call(dishEndpoints.remove, { params: { id: row.id } }),
    success: 'storeDish.deleted',
    onSuccess: (_out, row) => setSelected((ids) => ids.filter((id) => id !== row.id)),
    invalidates: DISH_CHANGES,
  });

  const reorder = useAction({
    run: async ({ categoryId, shown }: { categoryId: string; shown: string[] }) => {
      const all = await call(dishEndpoints.page, { query: { storeId, categoryId, current: 1, size: 1000 } });
      const ids = mergeOrder(all.records.map((d) => d.id), shown);
      return call(dishEndpoints.sort, { body: { storeId, ids } });
    },
    success: 'storeDish.sorted',
    invalidates: [[DISHES_KEY], [MENU_KEY]],
    onError: () => setDraft(undefined),
  });
  const drop = (target: DishRecord) => {
    const from = records.findIndex((d) => d.id === dragFrom.current);
    const to = records.findIndex((d) => d.id === target.id);
    dragFrom.current = undefined;
    armed.current = undefined;
    if (from < 0 || to < 0 || from === to || records[from]!.categoryId !== target.categoryId) return;
    const next = moveItem(records, from, to);
    setDraft({ ids: next.map((d) => d.id), at: list.dataUpdatedAt });
    void reorder.run({ categoryId: target.categoryId, shown: next.filter((d) => d.categoryId === target.categoryId).map((d) => d.id) });
  };

  const columns: ColumnsType<DishRecord> = [
    ...(canDrag
      ? [
          {
            key: 'drag',
            width: 36,
            render: (_: unknown, row: DishRecord) => (
              <Tooltip title={t('storeDish.dragHandle')}>
                <HolderOutlined
                  aria-label={t('storeDish.dragHandle')}
                  data-testid={`dish-drag-${row.id}`}
                  style={{ cursor: 'grab', color: '#999' }}
                  onMouseDown={() => {
                    armed.current = row.id;
                  }}
                  onMouseUp={() => {
                    armed.current = undefined;
                  }}
                />
              </Tooltip>
            ),
          },
        ]
      : []),
    {
      key: 'cover',
      title: t('storeDish.cover'),
      width: 72,
      render: (_: unknown, row) =>
        <CoverImage src={row.images[0]} size={48} alt={row.name} preview />,
    },
    {
      key: 'name',
      title: t('storeDish.name'),
      sorter: true,
      sortOrder: sort?.column === 'name' ? sort.order : null,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Space size={[0, 4]} wrap>
            {row.isWeighed && <Tag color="purple">{t('storeDish.weighed')}</Tag>}
            {row.skus.length > 0 && <Tag color="cyan">{t('storeDish.skuCount', { n: row.skus.length })}</Tag>}
            {row.tags.map((tag) => <Tag key={tag} color="orange">{tag}</Tag>)}
          </Space>
        </Space>
      ),
    },
    { key: 'category', title: t('storeDish.category'), dataIndex: 'categoryName' },
    {
      key: 'price',
      title: t('storeDish.price'),
      sorter: true,
      sortOrder: sort?.column === 'price' ? sort.order : null,
      render: (_: unknown, row) => {
        const text = `${formatFen(row.price)}${row.isWeighed ? ` / ${row.unit}` : ''}`;
        return row.skus.length > 1 ? t('storeDish.fromPrice', { price: text }) : text;
      },
    },
    { key: 'memberPrice', title: t('storeDish.memberPrice'), render: (_: unknown, row) => (row.memberPrice == null ? '—' : formatFen(row.memberPrice)) },
    { key: 'stock', title: t('storeDish.stock'), render: (_: unknown, row) => stockText(row, t) },
    {
      key: 'onShelf',
      title: t('storeDish.onShelf'),
      render: (_: unknown, row) => (
        <Switch
          size="small"
          checked={row.onShelf}
          disabled={!canEdit}
          loading={flipping === `shelf:${row.id}`}
          aria-label={t('storeDish.onShelf')}
          data-testid={`dish-shelf-${row.id}`}
          onChange={(on) => void switchRow(row, on ? 'onShelf' : 'offShelf', 'shelf')}
        />
      ),
    },
    {
      key: 'soldOut',
      title: t('storeDish.soldOut'),
      render: (_: unknown, row) => (
        <Switch
          size="small"
          checked={row.soldOut}
          disabled={!canEdit}
          loading={flipping === `sold:${row.id}`}
          aria-label={t('storeDish.soldOut')}
          data-testid={`dish-sold-out-${row.id}`}
          onChange={(on) => void switchRow(row, on ? 'soldOut' : 'available', 'sold')}
        />
      ),
    },
  ];
  if (canEdit || canDel) {
    columns.push({
      key: 'actions',
      title: t('storeDish.actions'),
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing({ dish: row })} data-testid={`dish-edit-${row.id}`}>
              {t('storeDish.edit')}
            </Button>
          )}
          {canDel && (
            <Popconfirm
              title={t('storeDish.confirmDelete', { name: row.name })}
              okText={t('resource.ok')}
              cancelText={t('resource.cancel')}
              onConfirm={() => remove.run(row)}
            >
              <Button type="link" size="small" danger data-testid={`dish-delete-${row.id}`}>
                {t('storeDish.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<DishRecord> | SorterResult<DishRecord>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = String(one?.columnKey ?? '');
    setSort(one?.order && (key === 'name' || key === 'price') ? { column: key, order: one.order } : undefined);
    setPaging({ current: pagination.current ?? 1, size: pagination.pageSize ?? 20 });
  };
  const applyFilters = (next: Filters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('storeDish.emptyFiltered')} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(categories.isSuccess && categoryOptions.length === 0 ? 'storeDish.noCategory' : 'storeDish.empty')} data-testid="dish-empty">
      {canAdd && categoryOptions.length > 0 && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('storeDish.add')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Card variant="borderless" data-testid="dish-page">
      <Form
        form={filterForm}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onValuesChange={(changed: Filters, all: Filters) => {
          // Selects apply at once; the name applies on search (Enter or the button).
          if (!('name' in changed)) applyFilters({ ...all, name: filters.name });
        }}
        data-testid="dish-filters"
      >
        <Form.Item name="categoryId" label={t('storeDish.category')}>
          <Select allowClear placeholder={t('storeDish.categoryPlaceholder')} options={categoryOptions} style={{ width: 160 }} aria-label={t('storeDish.category')} data-testid="dish-filter-category" />
        </Form.Item>
        <Form.Item name="onShelf" label={t('storeDish.onShelf')}>
          <Select
            allowClear
            placeholder={t('storeDish.all')}
            style={{ width: 110 }}
            aria-label={t('storeDish.onShelf')}
            data-testid="dish-filter-shelf"
            options={[{ value: 'true', label: t('storeDish.onShelfYes') }, { value: 'false', label: t('storeDish.onShelfNo') }]}
          />
        </Form.Item>
        <Form.Item name="soldOut" label={t('storeDish.soldOut')}>
          <Select
            allowClear
            placeholder={t('storeDish.all')}
            style={{ width: 110 }}
            aria-label={t('storeDish.soldOut')}
            data-testid="dish-filter-sold-out"
            options={[{ value: 'true', label: t('storeDish.soldOutYes') }, { value: 'false', label: t('storeDish.soldOutNo') }]}
          />
        </Form.Item>
        <Form.Item name="name">
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t('storeDish.namePlaceholder')}
            enterButton={t('storeDish.search')}
            aria-label={t('storeDish.name')}
            data-testid="dish-filter-name"
            onSearch={(name) => applyFilters({ ...(filterForm.getFieldsValue()), name: name.trim() || undefined })}
          />
        </Form.Item>
        <Form.Item>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              filterForm.resetFields();
              applyFilters({});
            }}
          >
            {t('storeDish.reset')}
          </Button>
        </Form.Item>
      </Form>

      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="dish-add">
              {t('storeDish.add')}
            </Button>
          )}
          {canEdit && selected.length > 0 && (
            <Space wrap data-testid="dish-batch">
              <Typography.Text>{t('storeDish.selected', { n: selected.length })}</Typography.Text>
              <Button loading={batch.busy} onClick={() => void runBatch('onShelf')} data-testid="dish-batch-on-shelf">{t('storeDish.batch.onShelf')}</Button>
              <Button onClick={() => confirmBatch('offShelf', 'storeDish.batch.confirmOffShelf')} data-testid="dish-batch-off-shelf">{t('storeDish.batch.offShelf')}</Button>
              <Button onClick={() => confirmBatch('soldOut', 'storeDish.batch.confirmSoldOut')} data-testid="dish-batch-sold-out">{t('storeDish.batch.soldOut')}</Button>
              <Button loading={batch.busy} onClick={() => void runBatch('available')} data-testid="dish-batch-available">{t('storeDish.batch.available')}</Button>
              <Button onClick={() => setMoving(true)} data-testid="dish-batch-move">{t('storeDish.batch.move')}</Button>
              <Button type="link" onClick={() => setSelected([])}>{t('storeDish.clearSelection')}</Button>
            </Space>
          )}
        </Space>
        <Space>
          {canEdit && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(canDrag ? 'storeDish.dragHelp' : 'storeDish.sortOnlyDefault')}
            </Typography.Text>
          )}
          <Tooltip title={t('storeDish.refresh')}>
            <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('storeDish.refresh')} onClick={() => void queryClient.invalidateQueries({ queryKey: [DISHES_KEY] })} />
          </Tooltip>
        </Space>
      </Space>

      <Table<DishRecord>
        rowKey="id"
        columns={columns}
        dataSource={records}
        loading={list.isFetching || reorder.busy}
        size="middle"
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        locale={{ emptyText: list.isPending ? ' ' : empty }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true } : undefined}
        onRow={(row) =>
          canDrag
            ? {
                draggable: true,
                'data-testid': `dish-row-${row.id}`,
                onDragStart: (event) => {
                  // Only a drag that starts on the row's handle moves the row.
                  if (armed.current !== row.id) {
                    event.preventDefault();
                    return;
                  }
                  event.dataTransfer?.setData('text/plain', row.id);
                  dragFrom.current = row.id;
                },
                onDragOver: (event) => {
                  const from = records.find((d) => d.id === dragFrom.current);
                  if (from && from.categoryId === row.categoryId) event.preventDefault();
                },
                onDrop: (event) => {
                  event.preventDefault();
                  drop(row);
                },
                onDragEnd: () => {
                  dragFrom.current = undefined;
                  armed.current = undefined;
                },
              } as HTMLAttributes<HTMLElement>
            : ({ 'data-testid': `dish-row-${row.id}` } as HTMLAttributes<HTMLElement>)
        }
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => t('storeDish.total', { total: n }),
        }}
      />

      <Modal
        open={moving}
        title={t('storeDish.batch.moveTitle', { n: selected.length })}
        okText={t('resource.ok')}
        cancelText={t('resource.cancel')}
        okButtonProps={{ disabled: !moveTo, loading: batch.busy, ...({ 'data-testid': 'dish-move-ok' } as object) }}
        onOk={() => moveTo && void runBatch('move', moveTo)}
        onCancel={() => {
          setMoving(false);
          setMoveTo(undefined);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('storeDish.batch.moveTo')} required help={moveTo ? undefined : t('storeDish.batch.moveToRequired')}>
            <Select value={moveTo} onChange={setMoveTo} options={categoryOptions} aria-label={t('storeDish.batch.moveTo')} data-testid="dish-move-category" />
          </Form.Item>
        </Form>
      </Modal>

      {editing && (
        <DishEditor storeId={storeId} dish={editing.dish} categoryId={filters.categoryId} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}

/** 菜品: the current store's dishes, with filters, switches, batch actions, drag reorder and the dish editor. */
export default function DishesPage() {
  return <StoreGate>{({ storeId }) => <Dishes storeId={storeId} />}</StoreGate>;
}
