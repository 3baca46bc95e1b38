/**
 * The sign-in password cipher the server expects: AES-128-CBC, zero padding, key = IV, Base64.
 * A tiny encrypt-only AES, so it works in every browser context (WebCrypto needs a secure
 * origin) and adds no package. It only obfuscates: TLS is what protects the password.
 */
export const PASSWORD_CIPHER_KEY = 'thanks,pig4cloud';

const rotl8 = (x: number, s: number) => ((x << s) | (x >> (8 - s))) & 0xff;
const xtime = (b: number) => ((b << 1) ^ (b & 0x80 ? 0x1b : 0)) & 0xff;

const SBOX = (() => {
  const box = new Uint8Array(256);
  let p = 1;
  let q = 1;
  do {
    p = p ^ ((p << 1) & 0xff) ^ (p & 0x80 ? 0x1b : 0);
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09;
    box[p] = (q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63) & 0xff;
  } while (p !== 1);
  box[0] = 0x63;
  return box;
})();

function expandKey(key: Uint8Array): Uint8Array {
  const w = new Uint8Array(176);
  w.set(key);
  let rcon = 1;
  for (let i = 16; i < 176; i += 4) {
    let t = [w[i - 4]!, w[i - 3]!, w[i - 2]!, w[i - 1]!];
    if (i % 16 === 0) {
      t = [SBOX[t[1]!]! ^ rcon, SBOX[t[2]!]!, SBOX[t[3]!]!, SBOX[t[0]!]!];
      rcon = xtime(rcon);
    }
    for (let j = 0; j < 4; j++) w[i + j] = w[i - 16 + j]! ^ t[j]!;
  }
  return w;
}

function encryptBlock(block: Uint8Array, w: Uint8Array): Uint8Array {
  let s = block.map((b, i) => b ^ w[i]!);
  for (let round = 1; round <= 10; round++) {
    const t = new Uint8Array(16);
    for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) t[r + 4 * c] = SBOX[s[r + 4 * ((c + r) % 4)]!]!;
    if (round < 10) {
      for (let c = 0; c < 4; c++) {
        const [a0, a1, a2, a3] = [t[4 * c]!, t[4 * c + 1]!, t[4 * c + 2]!, t[4 * c + 3]!];
        t[4 * c] = xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3;
        t[4 * c + 1] = a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3;
        t[4 * c + 2] = a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3;
        t[4 * c + 3] = xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3);
      }
    }
    s = t.map((b, i) => b ^ w[16 * round + i]!);
  }
  return s;
}

/** AES-128-CBC with zero padding; returns the raw cipher bytes. */
export function aesCbcZeroPad(plain: Uint8Array, key: Uint8Array, iv: Uint8Array): Uint8Array {
  const length = Math.ceil(plain.length / 16) * 16;
  const padded = new Uint8Array(length);
  padded.set(plain);
  const w = expandKey(key);
  const out = new Uint8Array(length);
  let previous = iv;
  for (let offset = 0; offset < length; offset += 16) {
    const block = padded.slice(offset, offset + 16).map((b, i) => b ^ previous[i]!);
    previous = encryptBlock(block, w);
    out.set(previous, offset);
  }
  return out;
}

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** Encrypts a password for `POST /auth/oauth/token`: Base64 of AES-128-CBC zero-padded, key = IV. */
export function encryptPassword(password: string, key = PASSWORD_CIPHER_KEY): string {
  const k = latin1(key);
  const bytes = aesCbcZeroPad(new TextEncoder().encode(password), k, k);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary);
}
