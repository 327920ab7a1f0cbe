/**
 * The app's one extension bridge, bound to the real window and its parent (the side panel).
 * Outside a frame (`window.parent === window`) there is no extension to talk to: requests
 * time out and nothing is posted. Framed, the parent's origin comes from the browser
 * (`location.ancestorOrigins`, else the referrer) when it tells; the bridge learns it otherwise.
 */
import { ExtensionBridge } from './bridge.ts';
import { EXTENSION_ORIGINS, originOf } from './origins.ts';

let bridge: ExtensionBridge | undefined;

function framingOrigin(): string | null {
  const ancestor = window.location.ancestorOrigins?.[0];
  if (ancestor) return originOf(ancestor) ?? ancestor;
  return document.referrer ? originOf(document.referrer) : null;
}

export function extensionBridge(): ExtensionBridge {
  if (!bridge) {
    const framed = typeof window !== 'undefined' && window.parent !== window;
    bridge = framed
      ? new ExtensionBridge(window, window.parent, EXTENSION_ORIGINS, framingOrigin())
      : new ExtensionBridge(window, null, EXTENSION_ORIGINS);
    bridge.start();
  }
  return bridge;
}
