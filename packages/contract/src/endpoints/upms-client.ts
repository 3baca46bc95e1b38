import { clientBodySchema, clientRecordSchema } from '../identity.js';
import { crudEndpoints } from './crud.js';

/** Registered OAuth clients (系统管理 › 终端管理); secrets are stored hashed and never answered. */
export const clientEndpoints = crudEndpoints({ base: '/upms/client', tag: 'upms:client', screen: 'sys:client', label: '终端', record: clientRecordSchema, body: clientBodySchema });
