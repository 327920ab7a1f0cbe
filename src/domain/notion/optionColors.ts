/**
 * The 12 option colours the editor shows (spec 2 §3 "Select option colors"). Notion's API names
 * ten (default, gray, brown, orange, yellow, green, blue, purple, pink, red): each of those but
 * `default` is one of these; `default`, and anything unknown, shows as gray.
 */
export const OPTION_COLORS = [
  'blue',
  'red',
  'green',
  'yellow',
  'orange',
  'purple',
  'pink',
  'gray',
  'brown',
  'dark_gray',
  'blue_gray',
  'green_yellow',
] as const;

export type OptionColor = (typeof OPTION_COLORS)[number];

export const optionColorOf = (notionColor: string | null | undefined): OptionColor =>
  (OPTION_COLORS as readonly string[]).includes(notionColor ?? '') ? (notionColor as OptionColor) : 'gray';
