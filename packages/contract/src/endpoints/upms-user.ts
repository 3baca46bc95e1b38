import { pageQuerySchema } from '../paging.js';
import { userCreateSchema, userPageQuerySchema, userRecordSchema, userUpdateSchema } from '../identity.js';
import { crudEndpoints } from './crud.js';

/** Users (系统管理 › 用户管理). */
export const userEndpoints = crudEndpoints({
  base: '/upms/user', tag: 'upms:user', screen: 'sys:user', label: '用户', record: userRecordSchema,
  body: userCreateSchema, updateBody: userUpdateSchema, query: pageQuerySchema.extend(userPageQuerySchema.shape),
});
