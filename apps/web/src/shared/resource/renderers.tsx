import type { ReactNode } from 'react';
import { Avatar, Image, Switch, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { api } from '../http/client';
import { useAction } from '../http/useAction';
import type { PermissionCode } from '@canteen/contract';
import type { ColumnDef } from './types';
import { dictItem, formatDateTime, formatMoney, valueAt } from './values';

export interface CellContext {
  t: (key: string) => string;
  can: (code: PermissionCode | undefined) => boolean;
  base: string;
  rowKey: string;
  refresh: () => Promise<void>;
}

function CellSwitch<T>({ column, value, row, ctx }: { column: ColumnDef<T>; value: unknown; row: T; ctx: CellContext }) {
  const [on, off] = column.switch?.values ?? [true, false];
  const update = useAction({
    run: (next: unknown) => (column.switch?.update ? column.switch.update(row, next) : api.put(ctx.base, { [ctx.rowKey]: valueAt(row, ctx.rowKey), [column.key]: next })),
    success: 'resource.updated',
    onSuccess: () => ctx.refresh(),
  });
  return (
    <Switch
      size="small"
      checked={value === on}
      loading={update.busy}
      disabled={!ctx.can(column.switch?.permission)}
      onChange={(checked) => void update.run(checked ? on : off)}
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
