/**
 * Creating a select or multi-select option from the editor (spec 2 §5): the typed name (spaces
 * around it ignored) is offered as a new option only if it is not empty and not equal,
 * ignoring case, to an existing option or, for a multi-select, to a value already chosen.
 * Status options cannot be created (Notion's API refuses it too). Ours, beyond the spec: a name
 * with a comma is not offered either — Notion refuses it ("commas not allowed"), and the edit
 * would only fail later in the outbox.
 */
export interface OptionCreation {
  type: 'select' | 'multi_select' | 'status';
  typed: string;
  /** The schema's option names. */
  options: readonly string[];
  /** The names already chosen (a multi-select's value). */
  chosen?: readonly string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function canCreateOption({ type, typed, options, chosen = [] }: OptionCreation): boolean {
  if (type === 'status') return false;
  const name = typed.trim();
  if (name === '' || name.includes(',')) return false;
  if (options.some((option) => same(option, name))) return false;
  return type !== 'multi_select' || !chosen.some((value) => same(value, name));
}
