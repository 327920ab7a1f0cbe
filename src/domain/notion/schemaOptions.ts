/**
 * A select, status or multi-select property's options as its data source schema holds them
 * (`{<type>: {options: [{id, name, color}]}}`), and deleting one (spec 2 §5 "Deleting an option
 * asks confirmation"): Notion removes from a select or multi-select every option the schema
 * update leaves out of `options` — from the schema and from every page's value — so a delete
 * sends the others, by id (a name could have changed meanwhile). Status options cannot be
 * changed through Notion's API, so they cannot be deleted here.
 */
export interface SchemaOption {
  id?: string;
  name: string;
  color?: string;
}

export type OptionType = 'select' | 'status' | 'multi_select';

/** The options of a schema property of `type` (none when it has no such config). */
export function optionsOf(property: unknown, type: OptionType): SchemaOption[] {
  const config = (property as Record<string, { options?: unknown } | undefined> | null | undefined)?.[type];
  const options = Array.isArray(config?.options) ? (config.options as unknown[]) : [];
  return options.filter((option): option is SchemaOption => typeof (option as SchemaOption | null)?.name === 'string');
}

export const canDeleteOption = (type: string): boolean => type === 'select' || type === 'multi_select';

/** What the schema update sends to delete `name`: every other option, by id when it has one. */
export function optionsWithout(options: readonly SchemaOption[], name: string): ({ id: string } | { name: string })[] {
  return options
    .filter((option) => option.name !== name)
    .map((option) => (option.id ? { id: option.id } : { name: option.name }));
}

/**
 * A select or multi-select value (write or read form) without the option `name`, as Notion
 * leaves a page's value once that option is deleted — or null when the value does not name it.
 */
export function valueWithoutOption(
  value: Record<string, unknown>,
  type: OptionType,
  name: string,
): Record<string, unknown> | null {
  const chosen = value[type];
  const names = (option: unknown) => (option as { name?: unknown } | null)?.name === name;
  if (type === 'multi_select' && Array.isArray(chosen) && chosen.some(names)) {
    return { ...value, multi_select: chosen.filter((option) => !names(option)) };
  }
  if (type === 'select' && names(chosen)) return { ...value, select: null };
  return null;
}
