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
import { fromAppFrame } from './fromAppFrame.ts';
import { panelPortName } from './runtimeMessages.ts';

const frame = document.getElementById('app') as HTMLIFrameElement;
frame.src = APP_URL;

/** The port to the background, or the connection under way (one at a time). */
let port: Promise<chrome.runtime.Port> | null = null;
/**
 * A port closed this soon after it opened was refused, not ended by a stopping worker: the
 * next try waits this long, so a refusal cannot become a busy loop of connections.
 */
const REFUSED_WITHIN_MS = 1_000;

const background = (): Promise<chrome.runtime.Port> => (port ??= connect());

async function connect(): Promise<chrome.runtime.Port> {
  const { id } = await chrome.windows.getCurrent();
  if (id === undefined) throw new Error('The side panel is in no window: there is no tab to follow.');
  const connected = chrome.runtime.connect({ name: panelPortName(id) });
  const openedAt = Date.now();
  connected.onMessage.addListener((message: unknown) => {
    const parsed = extensionMessage.safeParse(message);
    if (parsed.success) frame.contentWindow?.postMessage(parsed.data, APP_ORIGIN);
  });
  connected.onDisconnect.addListener(() => {
    port = null;
    // The worker stopped: connect again, so tab changes keep reaching the app.
    const refused = Date.now() - openedAt < REFUSED_WITHIN_MS;
    setTimeout(() => void background(), refused ? REFUSED_WITHIN_MS : 0);
  });
  return connected;
}

window.addEventListener('message', (event) => {
  if (!fromAppFrame(event, frame.contentWindow, APP_ORIGIN)) return;
  const parsed = appMessage.safeParse(event.data);
  if (parsed.success) void background().then((p) => p.postMessage(parsed.data));
});

void background();
