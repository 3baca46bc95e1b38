import type { Seeder } from '../../db/seed.js';
import { createSecrets, loadSecretsKey } from '../../platform/secrets.js';
import { wxApp } from './tables.js';

/**
 * The simulator's demo account (packages/wechat-sim `demoAccount`; a test keeps the two equal),
 * so that `npm start` talks to the simulator out of the box.
 */
export const DEMO_ACCOUNT = {
  appId: 'wx6c3a1e5f0b7d9246',
  secret: '4f1c2a9b7d3e8f60a5b4c3d2e1f0a9b8',
  token: 'canteendemotoken',
  encodingAesKey: 'CanteenDemoAesKey2026abcdefghijklmnopqrstuv',
  originalId: 'gh_3c9e1f2a7b40',
  name: '食堂示范公众号',
  mode: 'safe',
} as const;

/** With DEMO_DATA on, adds the demo account when it is missing (never changes an existing one). */
export const seedWxmp: Seeder = async (database, config) => {
  if (config.DEMO_DATA !== 'on') return;
  const secrets = createSecrets(loadSecretsKey(config));
  await database.db.insert(wxApp).values({
    appId: DEMO_ACCOUNT.appId,
    name: DEMO_ACCOUNT.name,
    weixinType: '2',
    verifyType: '0',
    weixinSign: DEMO_ACCOUNT.originalId,
    secretEnc: secrets.seal(DEMO_ACCOUNT.secret),
    tokenEnc: secrets.seal(DEMO_ACCOUNT.token),
    aesKeyEnc: secrets.seal(DEMO_ACCOUNT.encodingAesKey),
    msgMode: DEMO_ACCOUNT.mode,
    remarks: '演示数据：对应本地模拟平台的示范公众号',
  }).onConflictDoNothing({ target: wxApp.appId });
};
