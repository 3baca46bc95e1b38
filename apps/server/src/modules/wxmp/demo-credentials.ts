import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createSecrets, loadSecretsKey } from '../../platform/secrets.js';
import { DEMO_ACCOUNT } from './seed.js';
import { wxApp } from './tables.js';

/**
 * The 公众号 accounts that carry the repository's demo account (its AppID, Token or
 * EncodingAESKey, all public in packages/wechat-sim): anyone could sign its callbacks.
 */
export async function accountsWithDemoKeys(db: Db, config: Config): Promise<string[]> {
  const rows = await db.select({ appId: wxApp.appId, tokenEnc: wxApp.tokenEnc, aesKeyEnc: wxApp.aesKeyEnc }).from(wxApp);
  if (!rows.length) return [];
  const secrets = createSecrets(loadSecretsKey(config));
  const open = (sealed: string | null) => {
    if (!sealed) return undefined;
    try {
      return secrets.open(sealed);
    } catch {
      return undefined; // sealed with another key: not the demo's, as far as this boot can tell
    }
  };
  return rows
    .filter((row) => row.appId === DEMO_ACCOUNT.appId || open(row.tokenEnc) === DEMO_ACCOUNT.token || open(row.aesKeyEnc) === DEMO_ACCOUNT.encodingAesKey)
    .map((row) => row.appId)
    .sort();
}
