/**
 * The side panel page: frames the app full-size and relays the window protocol
 * (src/domain/extension/protocol.ts) between the app and the background.
 *
 * What must stay true: a message from the window is taken only from the app's frame, from the
 * app's exact origin, and only if it parses as an app message; the app is posted to only at
 * its exact origin and only what parses as an extension message. The port to the background
 * names this panel's window; when the background's worker stops, the panel connects again.
 */
import { appMessage, extensionMessage } from '../src/domain/extension/protocol.ts';
import { APP_ORIGIN, APP_URL } from './appOrigin.ts';
import { panelPortName } from './runtimeMessages.ts';

const frame = document.getElementById('app') as HTMLIFrameElement;
frame.src = APP_URL;

/** The port to the background, or the connection under way (one at a time). */
let port: Promise<chrome.runtime.Port> | null = null;

const background = (): Promise<chrome.runtime.Port> => (port ??= connect());

async function connect(): Promise<chrome.runtime.Port> {
  const { id } = await chrome.windows.getCurrent();
  const connected = chrome.runtime.connect({ name: panelPortName(id ?? chrome.windows.WINDOW_ID_CURRENT) });
  connected.onMessage.addListener((message: unknown) => {
    const parsed = extensionMessage.safeParse(message);
    if (parsed.success) frame.contentWindow?.postMessage(parsed.data, APP_ORIGIN);
  });
  connected.onDisconnect.addListener(() => {
    port = null;
    void background(); // the worker stopped: connect again, so tab changes keep reaching the app
  });
  return connected;
}

window.addEventListener('message', (event) => {
  if (event.origin !== APP_ORIGIN || event.source !== frame.contentWindow) return;
  const parsed = appMessage.safeParse(event.data);
  if (parsed.success) void background().then((p) => p.postMessage(parsed.data));
});

void background();
