export { buildSimulator, type SimOptions } from './server.js';
export { demoAccount, demoFollowers, demoTags, demoMenu, sampleMedia, defaultCallbackUrl } from './seed.js';
export { SimClock, SECOND, MINUTE, HOUR, DAY } from './clock.js';
export { ERRMSG } from './errors.js';
export { DEFAULT_DAILY_LIMITS } from './api.js';
export { SERVICE_UNAVAILABLE } from './push.js';
export { TEMP_MEDIA_TTL_MS, ACCESS_TOKEN_TTL_S } from './state.js';
export type { SimAccount, SimFollower, MessageMode, ConversationEntry, Delivery, DeliveryOutcome, MenuButton } from './state.js';
export { makePng, makeJpeg, makeAmr, makeMp4, makeAvatarPng, makeDishPng, sniff } from './media.js';
