/** The orders module's test support lives in test/orders.ts (it writes other modules' tables); kept here for the module's tests. */
export * from '../../../test/orders.js';
