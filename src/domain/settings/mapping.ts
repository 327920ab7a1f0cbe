/**
 * Mapping profile fields to Notion database properties (spec 1 §3 "Profile fields to map",
 * §5 "Mapping"): which property types each field accepts, fullName locked to the title, one
 * property per field, and Next only once profileUrl is mapped. Beyond the spec (issue 36), two
 * optional follow-up fields: the next follow-up (a date) and the stage (a status or select).
 */
export type FieldType = 'url' | 'string' | 'integer' | 'boolean' | 'array' | 'object' | 'date' | 'stage';

export type ProfileField =
  | 'profileUrl'
  | 'fullName'
  | 'firstName'
  | 'lastName'
  | 'headline'
  | 'summary'
  | 'company'
  | 'education'
  | 'country'
  | 'city';

/** The follow-up fields (issue 36): not profile data, written from the page view. */
export type FollowUpField = 'nextFollowUp' | 'stage';

/** Every field a setting maps. */
export type MappedField = ProfileField | FollowUpField;

export interface MappedFieldSpec<F extends MappedField = MappedField> {
  field: F;
  type: FieldType;
  required: boolean;
  /** The settings column holding the mapped property id. */
  column: SettingColumn;
}

export type SettingColumn =
  | 'profile_url'
  | 'full_name'
  | 'first_name'
  | 'last_name'
  | 'headline'
  | 'summary'
  | 'company'
  | 'education'
  | 'country'
  | 'city'
  | 'next_follow_up'
  | 'stage';

export type ProfileFieldSpec = MappedFieldSpec<ProfileField>;

export const PROFILE_FIELDS: readonly ProfileFieldSpec[] = [
  { field: 'profileUrl', type: 'url', required: true, column: 'profile_url' },
  { field: 'fullName', type: 'string', required: true, column: 'full_name' },
  { field: 'firstName', type: 'string', required: true, column: 'first_name' },
  { field: 'lastName', type: 'string', required: true, column: 'last_name' },
  { field: 'headline', type: 'string', required: false, column: 'headline' },
  { field: 'summary', type: 'string', required: false, column: 'summary' },
  { field: 'company', type: 'string', required: false, column: 'company' },
  { field: 'education', type: 'string', required: false, column: 'education' },
  { field: 'country', type: 'string', required: false, column: 'country' },
  { field: 'city', type: 'string', required: false, column: 'city' },
];

export const FOLLOW_UP_FIELDS: readonly MappedFieldSpec<FollowUpField>[] = [
  { field: 'nextFollowUp', type: 'date', required: false, column: 'next_follow_up' },
  { field: 'stage', type: 'stage', required: false, column: 'stage' },
];

/** The fields of the mapping step, in its order. */
export const MAPPED_FIELDS: readonly MappedFieldSpec[] = [...PROFILE_FIELDS, ...FOLLOW_UP_FIELDS];

/** Notion property types each profile field type may be written to (spec 1 §5). */
export const COMPATIBLE_TYPES: Record<FieldType, readonly string[]> = {
  url: ['url'],
  string: ['rich_text'],
  integer: ['number'],
  boolean: ['checkbox'],
  array: ['multi_select', 'relation', 'rich_text'],
  object: ['rich_text'],
  date: ['date'],
  stage: ['status', 'select'],
};

export interface DatabaseProperty {
  id: string;
  name: string;
  type: string;
}

export type Mapping = Partial<Record<MappedField, string>>;

export const PROPERTY_ALREADY_MAPPED =
  'This Notion property is already mapped to another LinkedIn field. Each property can only be used once.';

const specOf = (field: MappedField) => MAPPED_FIELDS.find((spec) => spec.field === field)!;

/** The properties a field may be mapped to; fullName only to the title property (locked). */
export function compatibleProperties(field: MappedField, properties: readonly DatabaseProperty[]): DatabaseProperty[] {
  if (field === 'fullName') return properties.filter((p) => p.type === 'title');
  const allowed = COMPATIBLE_TYPES[specOf(field).type];
  return properties.filter((p) => allowed.includes(p.type));
}

/** A mapping with fullName set to the database's title property. */
export function withTitleMapped(mapping: Mapping, properties: readonly DatabaseProperty[]): Mapping {
  const title = properties.find((p) => p.type === 'title');
  return title ? { ...mapping, fullName: title.id } : mapping;
}

export type AssignResult = { ok: true; mapping: Mapping } | { ok: false; alert: string };

/** Maps (or, with '', unmaps) a field; a property already serving another field is refused. */
export function assignProperty(mapping: Mapping, field: MappedField, propertyId: string): AssignResult {
  if (field === 'fullName') return { ok: true, mapping };
  if (propertyId === '') {
    const next = { ...mapping };
    delete next[field];
    return { ok: true, mapping: next };
  }
  const taken = Object.entries(mapping).some(([other, id]) => other !== field && id === propertyId);
  if (taken) return { ok: false, alert: PROPERTY_ALREADY_MAPPED };
  return { ok: true, mapping: { ...mapping, [field]: propertyId } };
}

/** Next needs profileUrl mapped. */
export const canLeaveMapping = (mapping: Mapping): boolean => Boolean(mapping.profileUrl);

/** The settings columns for a mapping (null for unmapped fields). */
export function mappingColumns(mapping: Mapping): Record<SettingColumn, string | null> {
  const columns = {} as Record<SettingColumn, string | null>;
  for (const spec of MAPPED_FIELDS) columns[spec.column] = mapping[spec.field] ?? null;
  return columns;
}

/**
 * A settings row's mapping columns. The table types profile_url and full_name as required text;
 * an unmapped one goes as '' (which its length check refuses, as it would refuse the null).
 */
export function settingColumns(
  mapping: Mapping,
): Record<SettingColumn, string | null> & { profile_url: string; full_name: string } {
  const columns = mappingColumns(mapping);
  return { ...columns, profile_url: columns.profile_url ?? '', full_name: columns.full_name ?? '' };
}

/** The mapping stored in a settings row. */
export function mappingFromColumns(row: Partial<Record<SettingColumn, string | null>>): Mapping {
  const mapping: Mapping = {};
  for (const spec of MAPPED_FIELDS) {
    const id = row[spec.column];
    if (id) mapping[spec.field] = id;
  }
  return mapping;
}

/** The mapping without the fields whose property is not among these (another data source's). */
export function withinProperties(mapping: Mapping, properties: readonly DatabaseProperty[]): Mapping {
  const known = new Set(properties.map((property) => property.id));
  return Object.fromEntries(Object.entries(mapping).filter(([, id]) => id && known.has(id))) as Mapping;
}
