/**
 * What the store module offers other modules (customers, orders, printing, reports): the
 * request's store scope. Other modules use the store side only through this file.
 */
export { assertStore, canSee, storeCondition, accessOf, type StoreAccess } from './scope.js';
