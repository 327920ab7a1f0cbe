/**
 * The app's one extension bridge, bound to the real window and its parent (the side panel).
 * Outside a frame (`window.parent === window`) there is no extension to talk to: requests
 * time out and nothing is posted.
 */
import { ExtensionBridge } from './bridge.ts';
import { EXTENSION_ORIGINS } from './origins.ts';

let bridge: ExtensionBridge | undefined;

export function extensionBridge(): ExtensionBridge {
  if (!bridge) {
    const framed = typeof window !== 'undefined' && window.parent !== window;
    bridge = new ExtensionBridge(window, framed ? window.parent : null, EXTENSION_ORIGINS);
    bridge.start();
  }
  return bridge;
}

export { EXTENSION_TIMEOUT_MESSAGE } from './messages.ts';
export type { IncomingMessage, ScrapedProfile } from './messages.ts';
