import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { deptBodySchema, deptFlatSchema, deptNodeSchema } from '../identity.js';
import { crudEndpoints } from './crud.js';

const tag = 'upms:dept';
const { get, create, update, remove } = crudEndpoints({ base: '/upms/dept', tag, screen: 'sys:dept', label: '部门', record: deptFlatSchema, body: deptBodySchema });

/** Departments (系统管理 › 部门管理): the tree, and one department's get / create / update / delete. */
export const deptEndpoints = {
  tree: endpoint({ method: 'GET', path: '/upms/dept/tree', tag, summary: '部门树', access: { permission: 'sys:dept:index' }, data: z.array(deptNodeSchema) }),
  get, create, update, remove,
};
