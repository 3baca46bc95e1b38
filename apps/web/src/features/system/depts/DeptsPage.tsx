import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import { deptParentOptions, type DeptRecord } from '../api';
import '../messages';

const def: ResourceDef<DeptRecord> = {
  base: '/upms/dept',
  mode: 'tree',
  tree: { parentField: 'parentId', addChild: true },
  permissions: { add: 'sys:dept:add', edit: 'sys:dept:edit', del: 'sys:dept:del' },
  columns: [
    { key: 'name', label: 'system.dept.name' },
    { key: 'sort', label: 'system.dept.sort' },
    { key: 'createTime', label: 'system.dept.createTime', type: 'datetime' },
  ],
  form: [
    { name: 'parentId', label: 'system.dept.parent', type: 'treeSelect', options: deptParentOptions, required: true, defaultValue: '-1' },
    { name: 'name', label: 'system.dept.name', required: true, maxLength: 64 },
    { name: 'sort', label: 'system.dept.sort', type: 'number', min: 0, max: 100000, defaultValue: 0 },
  ],
  toForm: (row) => ({ parentId: row.parentId, name: row.name, sort: row.sort }),
  toBody: (v) => ({ parentId: v.parentId ?? '-1', name: v.name, sort: v.sort ?? 0 }),
};

/** 部门管理: the department tree. */
export default function DeptsPage() {
  return <ResourcePage def={def} />;
}
