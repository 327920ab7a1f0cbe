/**
 * The shown screen's heading (its main's h1, else the first h1), focusable from script
 * (`tabIndex={-1}` unless it has one): where focus starts on a new screen, and where it goes
 * when what had it is gone with nothing near to take it.
 */
export function screenHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}
