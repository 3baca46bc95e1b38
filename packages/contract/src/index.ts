export * from './envelope.js';
export * from './errors.js';
export * from './paging.js';
export * from './validators.js';
export * from './constants.js';
export * from './permissions.js';
export * from './identity.js';
export * from './wxmp.js';
