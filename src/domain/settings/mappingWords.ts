/**
 * The words the mapping shows a user (spec 1 §3 "Profile fields to map"): each profile field's
 * label, Notion's own names for property types, and the marks of the mapping step. The code
 * names (`profileUrl`, `rich_text`) stay in the data; these are what a person reads.
 */
import { COMPATIBLE_TYPES, MAPPED_FIELDS, type MappedField } from './mapping.ts';

/** Each profile field as a user names it (also the names a property fits best, see suggestedMapping). */
export const FIELD_LABELS: Record<MappedField, string> = {
  profileUrl: 'LinkedIn profile URL',
  fullName: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  headline: 'Headline',
  summary: 'Summary',
  company: 'Company',
  education: 'Education',
  country: 'Country',
  city: 'City',
  nextFollowUp: 'Next follow-up',
  stage: 'Stage',
};

/** The Notion property types a field may take (and the title), as Notion's own interface names them. */
export const PROPERTY_TYPE_WORDS: Record<string, string> = {
  title: 'Title',
  rich_text: 'Text',
  url: 'URL',
  number: 'Number',
  checkbox: 'Checkbox',
  multi_select: 'Multi-select',
  relation: 'Relation',
  date: 'Date',
  status: 'Status',
  select: 'Select',
};

/** What a field may be mapped to, in words: 'URL property', 'Text, Multi-select or Relation property'. */
export function fieldTypeHint(field: MappedField): string {
  if (field === 'fullName') return 'Title property, set automatically';
  const spec = MAPPED_FIELDS.find((candidate) => candidate.field === field)!;
  const words = COMPATIBLE_TYPES[spec.type].map((type) => PROPERTY_TYPE_WORDS[type]);
  const listed = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];
  return `${listed} property`;
}

/** The mark of a field pre-filled by the suggested mapping, until the user changes it. */
export const SUGGESTED = 'Suggested';

/** The empty choice of a field's select. */
export const NOT_MAPPED = '— not mapped —';
