/**
 * The extension's id, and so its origin (`chrome-extension://<id>`), which the app must list
 * in VITE_EXTENSION_ORIGINS to believe it. Chrome derives the id from the manifest's `key`:
 * the first 16 bytes of SHA-256 of the public key (DER), in hex, each digit 0–f written a–p.
 * The development key below (public half only; nothing is signed with it) gives every local
 * build the same id; a store release gets its key, and id, from the store.
 */
import { createHash } from 'node:crypto';

export const DEV_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAlV5XUQwJkoJq/LxqPsxIkIqzdq3QgTBqePYKr0iPxrAXE5GHsK/sPkJo084GQ/5+s78Th9KwyD/nE+XDqeuuVgQ9SSIJCM85MqOCLP3GErzpcHE+euOI2tptuimCFFH/tYjwrAGARVbnWG3OU0dLoeKRDQfqogBGaSAtvBsBITrRZSKCx2qYR4AkSQIFHvp8acQYxY+O1QElcI2rht4QGnFhJJlX851G6zQfONq2gIGZeBDi3/BClOOVa1cuOnJ2J8t7oNPREPtWyoQ+5g1pZtkoI62jwaCUzzWEmfcOKr+UsqjfpUYYjm4m4O/24bQDfCyl6/V9gTxsN6BwXE13GQIDAQAB';

export function extensionIdOf(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode('a'.charCodeAt(0) + parseInt(digit, 16))).join('');
}

export const extensionOriginOf = (publicKeyBase64: string): string =>
  `chrome-extension://${extensionIdOf(publicKeyBase64)}`;
