import { menuEndpoints, TOKENLESS_HEADER, type TokenSet, type UserInfo } from '@canteen/contract';
import { call } from '../http/call';
import { api } from '../http/client';
import { encryptPassword } from './cipher';
import { useLock } from './lock';
import { singleFlight } from './refresh';
import { toMenuNodes, useSession } from './session';

/** The registered client the web app signs in as (HTTP Basic). */
export const CLIENT_BASIC = `Basic ${btoa('admin:admin')}`;
const signInHeaders = { [TOKENLESS_HEADER]: 'false', Authorization: CLIENT_BASIC };

/** The token calls answer the raw OAuth token set (no envelope), the contract's `TokenSet`. */
const tokenCall = async (url: string, params: Record<string, string>, silent = false) =>
  (await api.envelope<unknown>({ method: 'POST', url, params, headers: signInHeaders, silent })) as unknown as TokenSet;

/**
 * `POST /auth/oauth/token` with its fields in a form body (application/x-www-form-urlencoded),
 * never in the URL: a password or a refresh token in a query string ends up in proxies' and
 * browsers' logs (issue 22 #7). The server takes the specification's query form too.
 */
const oauthToken = async (fields: Record<string, string>, silent = false) =>
  (await api.envelope<unknown>({ method: 'POST', url: '/auth/oauth/token', data: new URLSearchParams(fields), headers: signInHeaders, silent })) as unknown as TokenSet;

export interface PasswordSignIn {
  username: string;
  password: string;
  randomStr: string;
  code: string;
}

export const requestPasswordToken = ({ username, password, randomStr, code }: PasswordSignIn) =>
  oauthToken({ username, password: encryptPassword(password), randomStr, code, grant_type: 'password', scope: 'server' });

export const requestSmsToken = (phone: string, code: string) =>
  tokenCall('/auth/phone/token/sms', { phone, code, grant_type: 'sms_login', scope: 'server' });

export const requestThirdPartyToken = (state: string, code: string) =>
  tokenCall('/auth/phone/token/thirdparty', { phone: `${state}@${code}`, grant_type: 'phone', scope: 'server' });

export const sendSmsCode = (phone: string) => api.post<boolean>('/auth/phone/code', undefined, { params: { phone }, headers: { [TOKENLESS_HEADER]: 'false' } });

export const register = (body: { username: string; password: string; phone?: string; nickname?: string }) =>
  api.post<unknown>('/upms/user/register', body, { headers: { [TOKENLESS_HEADER]: 'false' } });

const keepTokens = (set: TokenSet) =>
  useSession.getState().setToken({ access_token: set.access_token, refresh_token: set.refresh_token, expires_in: Number(set.expires_in) });

/** One refresh at a time, shared by the timer, the live channel and anything else that needs it. */
export const refreshToken = singleFlight(async () => {
  const current = useSession.getState().token;
  if (!current) throw new Error('signed out');
  const next = await oauthToken({ refresh_token: current.refresh_token, grant_type: 'refresh_token', scope: 'server' }, true);
  keepTokens(next);
  return next;
});

let loadedAt = 0;

/** Whether user info and menu were loaded since this page loaded (a reload refreshes them once). */
export const userLoadedThisPage = () => loadedAt > 0;

/**
 * Loads the signed-in user's info and menu tree into the session. A user who must change their
 * password first gets no menu (the server refuses it until then): the shell asks for the change.
 */
export async function loadUserAndMenu(options: { silent?: boolean } = {}): Promise<void> {
  loadedAt = Date.now();
  const info = await api.get<UserInfo>('/upms/user/info', options);
  const menu = info.mustChangePassword ? [] : await call(menuEndpoints.mine, {}, options);
  const session = useSession.getState();
  session.setUserInfo(info);
  session.setMenu(toMenuNodes(menu ?? []));
}

const signOutListeners = new Set<() => void>();

/** Lets other state (tabs) be cleared whenever the session ends or a new one begins. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Forgets menu, permissions, user, tokens, roles, tabs and lock, locally. */
export function signOutLocally(): void {
  useSession.getState().clear();
  useLock.getState().clear();
  signOutListeners.forEach((listener) => listener());
}

/** Starts a session from a token set: clears what a previous one left (lock, tabs), then loads user and menu. */
export async function completeSignIn(tokens: TokenSet): Promise<void> {
  signOutLocally();
  keepTokens(tokens);
  try {
    await loadUserAndMenu();
  } catch (error) {
    signOutLocally();
    throw error;
  }
}

const logoutListeners = new Set<() => unknown>();

/** Lets what is bound to the server session (the live channel) end before the tokens are revoked. */
export function beforeLogout(listener: () => unknown): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Revokes the tokens on the server (a failure does not keep the user signed in), then clears locally. */
export async function logout(): Promise<void> {
  await Promise.allSettled([...logoutListeners].map(async (listener) => listener()));
  try {
    await api.delete<boolean>('/auth/token/logout', { silent: true });
  } catch {
    /* revoked or unreachable: sign out locally anyway */
  }
  signOutLocally();
}
