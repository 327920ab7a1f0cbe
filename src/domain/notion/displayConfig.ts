/**
 * Which properties a page shows at once and which wait behind "Show N more properties" (spec 2
 * §2, §3 `display_config`, §4): the setting's saved config lists property ids in two ordered
 * lists; a property in neither — one added to the database since, or of a type the modal does
 * not offer — is appended to the always-visible ones, in the database's order. An id listed
 * twice counts once, always-visible first; ids no longer in the database are dropped.
 *
 * The stored config is JSON the app does not own alone (an older client, a hand edit): it is
 * read through zod, and anything but the two lists of strings counts as "not customised yet".
 */
import * as z from 'zod/mini';

export const displayConfigSchema = z.object({
  alwaysVisible: z.array(z.string()),
  toggleable: z.array(z.string()),
});

export type DisplayConfig = z.output<typeof displayConfigSchema>;

/** The stored config, or null when absent or malformed. */
export function parseDisplayConfig(stored: unknown): DisplayConfig | null {
  const parsed = displayConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The types the Customize Properties Display modal offers (spec 2 §3: "only select, relation,
 * simple, person and file types"): the option types, relations, the plain values, people and
 * files. Computed, read-only and unsupported types stay out of it, so always visible.
 */
const CUSTOMIZABLE_TYPES: ReadonlySet<string> = new Set([
  'select',
  'multi_select',
  'status',
  'relation',
  'rich_text',
  'number',
  'url',
  'email',
  'phone_number',
  'date',
  'checkbox',
  'people',
  'files',
]);

export const isCustomizable = (type: string): boolean => CUSTOMIZABLE_TYPES.has(type);

export interface ArrangedProperties<T> {
  alwaysVisible: T[];
  toggleable: T[];
}

/** Splits `properties` (in the database's order) by the config; with none, all are always visible. */
export function arrangeProperties<T extends { id: string }>(
  properties: readonly T[],
  config: DisplayConfig | null,
): ArrangedProperties<T> {
  if (!config) return { alwaysVisible: [...properties], toggleable: [] };
  const byId = new Map(properties.map((property) => [property.id, property]));
  const placed = new Set<string>();
  const take = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const property = byId.get(id);
      if (!property || placed.has(id)) return [];
      placed.add(id);
      return [property];
    });
  const listed = take(config.alwaysVisible);
  const toggleable = take(config.toggleable);
  const unlisted = properties.filter((property) => !placed.has(property.id));
  return { alwaysVisible: [...listed, ...unlisted], toggleable };
}

/** The config that saves two columns as they stand. */
export const configOf = (columns: ArrangedProperties<{ id: string }>): DisplayConfig => ({
  alwaysVisible: columns.alwaysVisible.map((property) => property.id),
  toggleable: columns.toggleable.map((property) => property.id),
});

/**
 * The first-time "Customize Your View" modal (spec 2 §4): while the setting has no display
 * config, its customize_help is still true, and the user has not dismissed it this session.
 */
export const showsCustomizeHelp = (state: {
  config: DisplayConfig | null;
  customizeHelp: boolean;
  dismissedThisSession: boolean;
}): boolean => state.config === null && state.customizeHelp && !state.dismissedThisSession;
