/**
 * Theme (spec 2 §4): the body carries `dark` or `light` from the system colour-scheme
 * preference, set at start and switched live when the preference changes.
 */
export const themeClass = (prefersDark: boolean): 'dark' | 'light' => (prefersDark ? 'dark' : 'light');

export function followSystemTheme(body: HTMLElement = document.body): () => void {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const next = themeClass(query.matches);
    body.classList.remove(next === 'dark' ? 'light' : 'dark');
    body.classList.add(next);
  };
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
