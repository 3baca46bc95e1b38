/** The system-management (upms) endpoints, one file per screen. */
export * from './upms-client.js';
export * from './upms-log.js';
export * from './upms-menu.js';
export * from './upms-role.js';
export * from './upms-token.js';
export * from './upms-user.js';
