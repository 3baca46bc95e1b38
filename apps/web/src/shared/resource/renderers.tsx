import { useState, type ReactNode } from 'react';
import { Avatar, Image, Switch, Tag } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { UserOutlined } from '@ant-design/icons';
import { api } from '../http/client';
import type { PermissionCode } from '@canteen/contract';
import type { ColumnDef } from './types';
import { dictItem, formatDateTime, formatMoney, valueAt } from './values';

export interface CellContext {
  t: (key: string) => string;
  can: (code: PermissionCode | undefined) => boolean;
  base: string;
  rowKey: string;
  refresh: () => Promise<void>;
  message: MessageInstance;
}

function CellSwitch<T>({ column, value, row, ctx }: { column: ColumnDef<T>; value: unknown; row: T; ctx: CellContext }) {
  const [on, off] = column.switch?.values ?? [true, false];
  const [pending, setPending] = useState(false);
  const change = async (checked: boolean) => {
    const next = checked ? on : off;
    setPending(true);
    try {
      if (column.switch?.update) await column.switch.update(row, next);
      else await api.put(ctx.base, { [ctx.rowKey]: valueAt(row, ctx.rowKey), [column.key]: next });
      void ctx.message.success(ctx.t('resource.updated'));
      await ctx.refresh();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setPending(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={value === on}
      loading={pending}
      disabled={!ctx.can(column.switch?.permission)}
      onChange={(checked) => void change(checked)}
    />
  );
}

/** The cell of one column type: text, dictionary tag, image, avatar, time, money or switch. */
export function renderCell<T>(column: ColumnDef<T>, value: unknown, row: T, ctx: CellContext): ReactNode {
  if (column.render) return column.render(value, row);
  switch (column.type ?? 'text') {
    case 'tag': {
      const values = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
      return values.map((v) => {
        const item = dictItem(column.dict, v);
        return (
          <Tag key={String(v)} color={item?.color}>
            {item ? ctx.t(item.label) : String(v)}
          </Tag>
        );
      });
    }
    case 'image':
      return typeof value === 'string' && value ? <Image src={value} width={48} height={48} style={{ objectFit: 'cover' }} /> : null;
    case 'avatar':
      return <Avatar src={typeof value === 'string' && value ? value : undefined} icon={<UserOutlined />} />;
    case 'datetime':
      return formatDateTime(value);
    case 'date':
      return formatDateTime(value, false);
    case 'money':
      return formatMoney(value);
    case 'switch':
      return <CellSwitch column={column} value={value} row={row} ctx={ctx} />;
    default:
      if (value === null || value === undefined) return '';
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  }
}
