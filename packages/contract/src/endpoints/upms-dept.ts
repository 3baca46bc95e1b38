import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { deptBodySchema, deptFlatSchema, deptNodeSchema, idParamsSchema } from '../identity.js';

const tag = 'upms:dept';

/** Departments (系统管理 › 部门管理), a tree. */
export const deptEndpoints = {
  tree: endpoint({ method: 'GET', path: '/upms/dept/tree', tag, summary: '部门树', access: { permission: 'sys:dept:index' }, data: z.array(deptNodeSchema) }),
  get: endpoint({ method: 'GET', path: '/upms/dept/:id', tag, summary: '部门详情', access: { permission: 'sys:dept:index' }, params: idParamsSchema, data: deptFlatSchema }),
  create: endpoint({ method: 'POST', path: '/upms/dept', tag, summary: '新增部门', access: { permission: 'sys:dept:add' }, body: deptBodySchema, data: deptFlatSchema }),
  update: endpoint({ method: 'PUT', path: '/upms/dept', tag, summary: '修改部门', access: { permission: 'sys:dept:edit' }, body: deptBodySchema, data: deptFlatSchema }),
  remove: endpoint({ method: 'DELETE', path: '/upms/dept/:id', tag, summary: '删除部门', access: { permission: 'sys:dept:del' }, params: idParamsSchema, data: z.boolean() }),
};
