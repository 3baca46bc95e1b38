import { useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { ClearOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatFen, memberEndpoints, type MemberRow, type MemberStatus } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { MEMBERS_KEY } from '../queryKeys';
import { useLevels } from './api';
import { IntegrityCheck } from './IntegrityCheck';
import { MemberDrawer } from './MemberDrawer';
import { MemberEditor } from './MemberEditor';
import { memberFilterQuery, type MemberFilterValues } from './form';
import '../messages-member';

export const STATUS_COLORS: Record<MemberStatus, string> = { active: 'green', frozen: 'red' };

/** The columns the server sorts by (its whitelist), by column key. */
const SORTABLE: Record<string, string> = { memberNo: 'member_no', balance: 'balance', points: 'points', totalSpent: 'total_spent', createTime: 'create_time' };
/** The server counts a list up to this many rows; beyond, the total means "at least". */
const COUNT_CAP = 10_000;

/** 会员列表: search by phone, number or name, filters by level, status and balance, the members page by page. */
export function MemberList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdd = usePermission('customer:member:add');
  const canEdit = usePermission('customer:member:edit');
  const canDel = usePermission('customer:member:del');
  const canFreeze = usePermission('customer:member:freeze');
  const canCheck = usePermission('customer:member:adjust');
  const levels = useLevels();
  const [filterForm] = Form.useForm<MemberFilterValues>();
  const [filters, setFilters] = useState<Record<string, string | number>>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [sort, setSort] = useState<{ key: string; order: 'ascend' | 'descend' } | undefined>();
  const [editing, setEditing] = useState<{ id?: string } | undefined>();
  const [viewing, setViewing] = useState<string | undefined>();
  const [rangeWrong, setRangeWrong] = useState(false);

  const params = {
    current: paging.current,
    size: paging.size,
    ...(sort ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: SORTABLE[sort.key] } : {}),
    ...filters,
  };
  const list = useQuery({
    queryKey: [MEMBERS_KEY, 'list', params],
    queryFn: () => call(memberEndpoints.page, { query: params }),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  const filtered = Object.keys(filters).length > 0;

  const setStatus = useAction({
    run: ({ row, status }: { row: MemberRow; status: MemberStatus }) => call(memberEndpoints.status, { params: { id: row.id }, body: { status } }),
    success: (_out, { status }) => (status === 'frozen' ? 'customerMember.frozen' : 'customerMember.unfrozen'),
    invalidates: [[MEMBERS_KEY]],
  });
  const remove = useAction({
    run: (row: MemberRow) => call(memberEndpoints.remove, { params: { id: row.id } }),
    success: 'customerMember.deleted',
    invalidates: [[MEMBERS_KEY]],
  });

  const apply = () => {
    const values = filterForm.getFieldsValue();
    const wrong = values.balanceMin != null && values.balanceMax != null && values.balanceMin > values.balanceMax;
    setRangeWrong(wrong);
    if (wrong) return;
    setFilters(memberFilterQuery(values));
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const reset = () => {
    filterForm.resetFields();
    setRangeWrong(false);
    setFilters({});
    setPaging((p) => ({ ...p, current: 1 }));
  };

  const sortable = (key: string) => ({ sorter: true, sortOrder: sort?.key === key ? sort.order : null });
  const who = (row: MemberRow) => row.name || row.phone;
  const columns: ColumnsType<MemberRow> = [
    {
      key: 'memberNo',
      title: t('customerMember.memberNo'),
      ...sortable('memberNo'),
      render: (_: unknown, row) => (
        <Typography.Link onClick={() => setViewing(row.id)} data-testid={`member-open-${row.id}`}>{row.memberNo}</Typography.Link>
      ),
    },
    { key: 'phone', title: t('customerMember.phone'), dataIndex: 'phone' },
    { key: 'name', title: t('customerMember.name'), render: (_: unknown, row) => row.name || t('customerMember.none') },
    { key: 'level', title: t('customerMember.level'), render: (_: unknown, row) => <Tag color="gold">{row.levelName}</Tag> },
    {
      key: 'balance',
      title: t('customerMember.balance'),
      align: 'right',
      ...sortable('balance'),
      render: (_: unknown, row) => (
        <Tooltip title={t('customerMember.balanceParts', { principal: formatFen(row.balancePrincipal), bonus: formatFen(row.balanceBonus) })}>
          <span data-testid={`member-balance-${row.id}`}>{formatFen(row.balance)}</span>
        </Tooltip>
      ),
    },
    { key: 'points', title: t('customerMember.points'), align: 'right', dataIndex: 'points', ...sortable('points') },
    { key: 'totalSpent', title: t('customerMember.totalSpent'), align: 'right', render: (_: unknown, row) => formatFen(row.totalSpent), ...sortable('totalSpent') },
    {
      key: 'status',
      title: t('customerMember.status'),
      render: (_: unknown, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`customerMember.statuses.${row.status}`)}</Tag>,
    },
    { key: 'createTime', title: t('customerMember.createTime'), render: (_: unknown, row) => formatDateTime(row.createTime), ...sortable('createTime') },
    {
      key: 'actions',
      title: t('customerMember.actions'),
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`member-detail-${row.id}`}>
            {t('customerMember.detail')}
          </Button>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing({ id: row.id })} data-testid={`member-edit-${row.id}`}>
              {t('customerMember.edit')}
            </Button>
          )}
          {canFreeze && (
            <Popconfirm
              title={t(row.status === 'active' ? 'customerMember.confirmFreeze' : 'customerMember.confirmUnfreeze', { name: who(row) })}
              okText={t('resource.ok')}
              cancelText={t('resource.cancel')}
              onConfirm={() => setStatus.run({ row, status: row.status === 'active' ? 'frozen' : 'active' })}
            >
              <Button
                type="link"
                size="small"
                danger={row.status === 'active'}
                loading={setStatus.running?.row.id === row.id}
                data-testid={`member-status-${row.id}`}
              >
                {t(row.status === 'active' ? 'customerMember.freeze' : 'customerMember.unfreeze')}
              </Button>
            </Popconfirm>
          )}
          {canDel && (
            <Popconfirm
              title={t('customerMember.confirmDelete', { name: who(row) })}
              okText={t('resource.ok')}
              cancelText={t('resource.cancel')}
              onConfirm={() => remove.run(row)}
            >
              <Button type="link" size="small" danger data-testid={`member-delete-${row.id}`}>{t('customerMember.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<MemberRow> | SorterResult<MemberRow>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = String(one?.columnKey ?? '');
    setSort(one?.order && SORTABLE[key] ? { key, order: one.order } : undefined);
    setPaging({ current: pagination.current ?? 1, size: pagination.pageSize ?? 20 });
  };
  const levelOptions = (levels.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'customerMember.emptyFiltered' : 'customerMember.empty')} data-testid="member-empty">
      {!filtered && canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>{t('customerMember.add')}</Button>
      )}
    </Empty>
  );

  return (
    <div data-testid="member-list">
      <Form<MemberFilterValues>
        form={filterForm}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onValuesChange={(changed: MemberFilterValues) => {
          // Selects apply at once; the keyword and the balance range on search (Enter or the button).
          if ('levelId' in changed || 'status' in changed) apply();
        }}
        onFinish={apply}
        data-testid="member-filters"
      >
        <Form.Item name="keyword">
          <Input
            allowClear
            maxLength={32}
            placeholder={t('customerMember.keywordPlaceholder')}
            aria-label={t('customerMember.keywordPlaceholder')}
            style={{ width: 220 }}
            data-testid="member-filter-keyword"
            onPressEnter={apply}
          />
        </Form.Item>
        <Form.Item name="levelId" label={t('customerMember.level')}>
          <Select allowClear placeholder={t('customerMember.allLevels')} options={levelOptions} style={{ width: 130 }} aria-label={t('customerMember.level')} data-testid="member-filter-level" />
        </Form.Item>
        <Form.Item name="status" label={t('customerMember.status')}>
          <Select
            allowClear
            placeholder={t('customerMember.all')}
            style={{ width: 110 }}
            aria-label={t('customerMember.status')}
            data-testid="member-filter-status"
            options={(['active', 'frozen'] as const).map((s) => ({ value: s, label: t(`customerMember.statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('customerMember.balanceRange')} style={{ marginInlineEnd: 0 }}>
          <Space.Compact>
            <Form.Item name="balanceMin" noStyle>
              <InputNumber min={0} max={9_999_999.99} precision={2} placeholder={t('customerMember.balanceMin')} aria-label={t('customerMember.balanceMin')} style={{ width: 100 }} data-testid="member-filter-balance-min" />
            </Form.Item>
            <Form.Item name="balanceMax" noStyle>
              <InputNumber min={0} max={9_999_999.99} precision={2} placeholder={t('customerMember.balanceMax')} aria-label={t('customerMember.balanceMax')} style={{ width: 100 }} data-testid="member-filter-balance-max" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        {rangeWrong && (
          <Typography.Text type="danger" style={{ alignSelf: 'center', marginInlineEnd: 8 }} role="alert">{t('customerMember.balanceRangeWrong')}</Typography.Text>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="member-search">{t('customerMember.search')}</Button>
            <Button icon={<ClearOutlined />} onClick={reset}>{t('customerMember.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>

      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="member-add">{t('customerMember.add')}</Button>
          )}
          {canCheck && <IntegrityCheck />}
        </Space>
        <Tooltip title={t('customerMember.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('customerMember.refresh')} onClick={() => void queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] })} />
        </Tooltip>
      </Space>

      <Table<MemberRow>
        rowKey="id"
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        onChange={onTableChange}
        locale={{ emptyText: list.isPending ? ' ' : empty }}
        onRow={(row) => ({ 'data-testid': `member-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => (n >= COUNT_CAP ? t('customerMember.totalAtLeast', { total: n }) : t('customerMember.total', { total: n })),
        }}
      />

      {editing && <MemberEditor id={editing.id} onClose={() => setEditing(undefined)} onCreated={(id) => setViewing(id)} />}
      {viewing && <MemberDrawer id={viewing} onClose={() => setViewing(undefined)} onEdit={(id) => setEditing({ id })} />}
    </div>
  );
}
