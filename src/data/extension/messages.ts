/**
 * The window-message protocol with the browser extension, as the app reads it: the schemas
 * live in src/domain/extension/protocol.ts, shared with the extension (one source); here they
 * take the app's names. Every incoming message is parsed with `incomingMessage`; anything that
 * does not match is dropped by the bridge, never half-read. Every tab URL is classified there,
 * once, so the app receives a `LinkedInUrl`, never a string to parse.
 */
export {
  classifiedExtensionMessage as incomingMessage,
  CURRENT_URL_TIMEOUT_MS,
  EXTENSION_TIMEOUT_MESSAGE,
  SCRAPED_DATA_REQUEST_DELAY_MS,
  type AppMessage as OutgoingMessage,
  type ClassifiedExtensionMessage as IncomingMessage,
  type ScrapedProfile,
} from '../../domain/extension/protocol.ts';
