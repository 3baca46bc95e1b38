import { useMemo, useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, memberLevelEndpoints, type MemberLevelRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { useLevels } from '../members/api';
import { discountText, newLevelForm, toLevelBody, toLevelForm, type LevelFormValues } from '../members/form';
import { LEVELS_KEY, MEMBERS_KEY } from '../queryKeys';
import '../messages-member';

/** 会员等级: the levels by rank (threshold of cumulative spend, member discount, points rate), edited with customer:member:level. */
export function LevelsTab() {
  const { t } = useTranslation();
  const canEdit = usePermission('customer:member:level');
  const levels = useLevels();
  const [editing, setEditing] = useState<{ level?: MemberLevelRecord } | undefined>();
  const remove = useAction({
    run: (level: MemberLevelRecord) => call(memberLevelEndpoints.remove, { params: { id: level.id } }),
    success: 'customerMember.levels.deleted',
    invalidates: [[LEVELS_KEY], [MEMBERS_KEY]],
  });

  const columns: ColumnsType<MemberLevelRecord> = [
    {
      key: 'name',
      title: t('customerMember.levels.name'),
      render: (_: unknown, l) => (
        <Space size={4}>
          <Tag color="gold">{l.name}</Tag>
          {l.rank === 0 && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('customerMember.levels.base')}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'rank', title: t('customerMember.levels.rank'), dataIndex: 'rank', align: 'right' },
    { key: 'threshold', title: t('customerMember.levels.threshold'), align: 'right', render: (_: unknown, l) => formatFen(l.threshold) },
    {
      key: 'discount',
      title: t('customerMember.levels.discountRate'),
      render: (_: unknown, l) => (l.discountRate >= 100 ? t('customerMember.levels.noDiscount') : t('customerMember.levels.discount', { rate: discountText(l.discountRate), percent: l.discountRate })),
    },
    { key: 'points', title: t('customerMember.levels.pointsRate'), render: (_: unknown, l) => t('customerMember.levels.pointsPerYuan', { points: l.pointsRate / 100 }) },
    { key: 'members', title: t('customerMember.levels.memberCount'), dataIndex: 'memberCount', align: 'right' },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('customerMember.actions'),
      render: (_: unknown, l) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ level: l })} data-testid={`level-edit-${l.id}`}>{t('customerMember.levels.edit')}</Button>
          {l.rank !== 0 && (
            <Popconfirm
              title={t('customerMember.levels.confirmDelete', { name: l.name })}
              okText={t('resource.ok')}
              cancelText={t('resource.cancel')}
              onConfirm={() => remove.run(l)}
            >
              <Button type="link" size="small" danger data-testid={`level-delete-${l.id}`}>{t('customerMember.levels.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <div data-testid="level-list">
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setEditing({})} data-testid="level-add">
          {t('customerMember.levels.add')}
        </Button>
      )}
      <Table<MemberLevelRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={levels.data ?? []}
        loading={levels.isFetching}
        pagination={false}
        onRow={(l) => ({ 'data-testid': `level-row-${l.id}` }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: levels.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customerMember.levels.empty')} /> }}
      />
      {editing && <LevelEditor level={editing.level} levels={levels.data ?? []} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

function LevelEditor({ level, levels, onClose }: { level?: MemberLevelRecord; levels: MemberLevelRecord[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LevelFormValues>();
  const initial = useMemo(() => (level ? toLevelForm(level) : newLevelForm(levels)), [level, levels]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const { close } = useCloseGuard(form, onClose, initial);
  const v = (key: string) => t(`customerMember.levels.v.${key}`);
  const save = useAction({
    run: (values: LevelFormValues) => {
      const body = toLevelBody(values, level?.id);
      return level ? call(memberLevelEndpoints.update, { body }) : call(memberLevelEndpoints.create, { body });
    },
    success: level ? 'customerMember.levels.saved' : 'customerMember.levels.created',
    invalidates: [[LEVELS_KEY], [MEMBERS_KEY]],
    onSuccess: onClose,
  });
  const submit = () => {
    form.validateFields().then(
      (values) => void save.run({ ...initial, ...values }),
      () => undefined,
    );
  };
  return (
    <Modal
      open
      width={520}
      title={level ? t('customerMember.levels.editTitle', { name: level.name }) : t('customerMember.levels.addTitle')}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={close}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={save.busy} onClick={submit} data-testid="level-save">{t('resource.ok')}</Button>
        </Space>
      }
    >
      <Form<LevelFormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} name="level-editor" data-testid="level-form">
        <Form.Item name="name" label={t('customerMember.levels.name')} rules={[{ required: true, whitespace: true, message: v('name') }, { max: 16, message: v('nameLength') }]}>
          <Input maxLength={16} data-testid="level-name" />
        </Form.Item>
        <Form.Item name="rank" label={t('customerMember.levels.rank')} extra={t('customerMember.levels.rankHelp')} rules={[{ required: true, message: v('rank') }]}>
          <InputNumber min={0} max={99} precision={0} disabled={level?.rank === 0} style={{ width: '100%' }} data-testid="level-rank" />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('customerMember.levels.threshold')}
          extra={t('customerMember.levels.thresholdHelp')}
          dependencies={['rank']}
          rules={[
            { required: true, message: v('threshold') },
            ({ getFieldValue }) => ({
              validator: async (_r, value: number | null) => {
                if (getFieldValue('rank') === 0 && value != null && value !== 0) throw new Error(v('baseThreshold'));
              },
            }),
          ]}
        >
          <InputNumber min={0} max={9_999_999.99} precision={2} prefix="¥" disabled={level?.rank === 0} style={{ width: '100%' }} data-testid="level-threshold" />
        </Form.Item>
        <Form.Item name="discountRate" label={t('customerMember.levels.discountRate')} extra={t('customerMember.levels.discountHelp')} rules={[{ required: true, message: v('discountRate') }]}>
          <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} data-testid="level-discount" />
        </Form.Item>
        <Form.Item name="points" label={t('customerMember.levels.pointsRate')} extra={t('customerMember.levels.pointsHelp')} rules={[{ required: true, message: v('pointsRate') }]}>
          <InputNumber min={0} max={100} precision={2} step={0.5} style={{ width: '100%' }} data-testid="level-points" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
