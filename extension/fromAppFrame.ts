/**
 * Whether a window message reaching the side panel comes from the app: sent by the app's frame
 * and at the app's exact origin. Both are needed: the app's frame can hold a page of another
 * origin (a navigation away), and another frame can hold a page of the app's origin.
 */
export function fromAppFrame(
  event: { origin: string; source: unknown },
  appFrame: unknown,
  appOrigin: string,
): boolean {
  return appFrame !== null && event.source === appFrame && event.origin === appOrigin;
}
