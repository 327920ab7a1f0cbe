/**
 * The suggested mapping (issue 16) as a table: property names in English and French, the names
 * that fit despite case, accents, spaces and punctuation, the better fit winning, and the
 * negatives — incompatible types, ambiguous names, no match — where nothing is suggested.
 */
import { describe, expect, test } from 'vitest';
import {
  COMPATIBLE_TYPES,
  MAPPED_FIELDS,
  PROFILE_FIELDS,
  type DatabaseProperty,
  type MappedField,
} from '../../src/domain/settings/mapping.ts';
import { FIELD_LABELS, fieldTypeHint, PROPERTY_TYPE_WORDS } from '../../src/domain/settings/mappingWords.ts';
import { FIELD_SYNONYMS, normalisedName, suggestedMapping } from '../../src/domain/settings/suggestedMapping.ts';

type Row = [name: string, type: string];
/** Expected suggestions: field → the property's name. */
type Expected = Partial<Record<MappedField, string>>;

const CASES: [title: string, properties: Row[], expected: Expected][] = [
  [
    'the demo CRM (English, exact names)',
    [
      ['Name', 'title'],
      ['LinkedIn URL', 'url'],
      ['First name', 'rich_text'],
      ['Last name', 'rich_text'],
      ['Company', 'rich_text'],
      ['Headline', 'rich_text'],
      ['Summary', 'rich_text'],
      ['Education', 'rich_text'],
      ['Country', 'rich_text'],
      ['City', 'rich_text'],
      ['Email', 'email'],
      ['Companies', 'relation'],
      ['Stage', 'status'],
      ['Next follow-up', 'date'],
    ],
    {
      nextFollowUp: 'Next follow-up',
      stage: 'Stage',
      profileUrl: 'LinkedIn URL',
      firstName: 'First name',
      lastName: 'Last name',
      company: 'Company',
      headline: 'Headline',
      summary: 'Summary',
      education: 'Education',
      country: 'Country',
      city: 'City',
    },
  ],
  [
    'a French CRM',
    [
      ['Nom complet', 'title'],
      ['Profil LinkedIn', 'url'],
      ['Prénom', 'rich_text'],
      ['Nom', 'rich_text'],
      ['Société', 'rich_text'],
      ['Poste', 'rich_text'],
      ['À propos', 'rich_text'],
      ['École', 'rich_text'],
      ['Pays', 'rich_text'],
      ['Ville', 'rich_text'],
    ],
    {
      profileUrl: 'Profil LinkedIn',
      firstName: 'Prénom',
      lastName: 'Nom',
      company: 'Société',
      headline: 'Poste',
      summary: 'À propos',
      education: 'École',
      country: 'Pays',
      city: 'Ville',
    },
  ],
  [
    'case, accents, spaces and punctuation do not matter',
    [
      ['  LINKEDIN-url ', 'url'],
      ['prenom', 'rich_text'],
      ['NOM DE FAMILLE', 'rich_text'],
      ['societe', 'rich_text'],
      ['Job-Title', 'rich_text'],
      ['VILLE', 'rich_text'],
    ],
    {
      profileUrl: '  LINKEDIN-url ',
      firstName: 'prenom',
      lastName: 'NOM DE FAMILLE',
      company: 'societe',
      headline: 'Job-Title',
      city: 'VILLE',
    },
  ],
  [
    'the field’s own name beats a synonym, a synonym beats a generic word',
    [
      ['Profile URL', 'url'],
      ['LinkedIn', 'url'],
      ['URL', 'url'],
      ['Entreprise', 'rich_text'],
      ['Company', 'rich_text'],
      ['first_name', 'rich_text'],
      ['Prénom', 'rich_text'],
      ['Location', 'rich_text'],
      ['City', 'rich_text'],
    ],
    { profileUrl: 'Profile URL', company: 'Company', firstName: 'first_name', city: 'City' },
  ],
  [
    'a synonym beats a generic word; a lone generic word fits (the demo Investors)',
    [
      ['URL', 'url'],
      ['LinkedIn', 'url'],
    ],
    { profileUrl: 'LinkedIn' },
  ],
  ['one url named Profile', [['Profile', 'url']], { profileUrl: 'Profile' }],
  [
    'ambiguous: two names fitting equally well give nothing for that field',
    [
      ['Entreprise', 'rich_text'],
      ['Société', 'rich_text'],
      ['URL', 'url'],
      ['Link', 'url'],
      ['Ville', 'rich_text'],
      ['ville ', 'rich_text'],
      ['Headline', 'rich_text'],
    ],
    { headline: 'Headline' },
  ],
  [
    'incompatible types are never suggested',
    [
      ['LinkedIn', 'rich_text'],
      ['City', 'select'],
      ['Company', 'relation'],
      ['Headline', 'formula'],
      ['Country', 'multi_select'],
      ['First name', 'title'],
      ['Summary', 'url'],
      ['Education', 'number'],
    ],
    {},
  ],
  [
    'the title rule: fullName is never suggested, its names go to no other field',
    [
      ['LinkedIn URL', 'title'],
      ['Full name', 'rich_text'],
      ['Nom complet', 'rich_text'],
      ['Name', 'rich_text'],
      ['Website', 'url'],
    ],
    {},
  ],
  [
    'no name fits: nothing',
    [
      ['Name', 'title'],
      ['Website', 'url'],
      ['Fund', 'rich_text'],
      ['Notes', 'rich_text'],
      ['Ticket', 'number'],
      ['Warm intro', 'checkbox'],
    ],
    {},
  ],
];

CASES.push(
  [
    'follow-ups: only a date for the next follow-up, a status or select for the stage',
    [
      ['Name', 'title'],
      ['Next follow-up', 'rich_text'],
      ['Relance', 'date'],
      ['Stage', 'rich_text'],
      ['Statut', 'select'],
    ],
    { nextFollowUp: 'Relance', stage: 'Statut' },
  ],
  [
    'follow-ups: two stages that fit equally are ambiguous; a closer name beats a generic one',
    [
      ['Name', 'title'],
      ['Statut', 'status'],
      ['Étape', 'select'],
      ['Follow-up', 'date'],
      ['Reminder', 'date'],
    ],
    { nextFollowUp: 'Follow-up' },
  ],
);

const asProperties = (rows: Row[]): DatabaseProperty[] =>
  rows.map(([name, type], index) => ({ id: `p${index}`, name, type }));

describe('suggested mapping', () => {
  test.each(CASES)('%s', (_title, rows, expected) => {
    const properties = asProperties(rows);
    const suggested = suggestedMapping(properties);
    const byName = Object.fromEntries(
      Object.entries(suggested).map(([field, id]) => [field, properties.find((p) => p.id === id)?.name]),
    );
    expect(byName).toEqual(expected);
    const ids = Object.values(suggested);
    expect(new Set(ids).size).toBe(ids.length); // one property, one field
  });

  test('a normalised name fits one field only, across every field’s names and synonyms', () => {
    const fieldsOf = new Map<string, Set<MappedField>>();
    for (const { field } of MAPPED_FIELDS) {
      for (const name of [field, FIELD_LABELS[field], ...FIELD_SYNONYMS[field].flat()]) {
        const key = normalisedName(name);
        fieldsOf.set(key, (fieldsOf.get(key) ?? new Set()).add(field));
      }
    }
    const shared = [...fieldsOf].filter(([, fields]) => fields.size > 1).map(([name]) => name);
    expect(shared).toEqual([]);
  });

  test.each([
    ['Société', 'societe'],
    ['  Nom de l’entreprise ', 'nomdelentreprise'],
    ['LINKEDIN-url', 'linkedinurl'],
    ['E\u0301cole', 'ecole'],
    ['À propos', 'apropos'],
  ])('%j compares as %j', (name, normalised) => {
    expect(normalisedName(name)).toBe(normalised);
  });
});

describe('the mapping’s words', () => {
  test('every field has a label a user reads, none is a code name', () => {
    expect(PROFILE_FIELDS.map(({ field }) => FIELD_LABELS[field])).toEqual([
      'LinkedIn profile URL',
      'Full name',
      'First name',
      'Last name',
      'Headline',
      'Summary',
      'Company',
      'Education',
      'Country',
      'City',
    ]);
  });

  test.each([
    ['profileUrl', 'URL property'],
    ['fullName', 'Title property, set automatically'],
    ['firstName', 'Text property'],
    ['city', 'Text property'],
    ['nextFollowUp', 'Date property'],
    ['stage', 'Status or Select property'],
  ] as const)('%s: %j', (field, hint) => {
    expect(fieldTypeHint(field)).toBe(hint);
  });

  test('every property type a field may take has Notion’s word for it', () => {
    const types = [...new Set(Object.values(COMPATIBLE_TYPES).flat()), 'title'];
    expect(Object.fromEntries(types.map((type) => [type, PROPERTY_TYPE_WORDS[type]]))).toEqual({
      url: 'URL',
      rich_text: 'Text',
      number: 'Number',
      checkbox: 'Checkbox',
      multi_select: 'Multi-select',
      relation: 'Relation',
      date: 'Date',
      status: 'Status',
      select: 'Select',
      title: 'Title',
    });
  });
});
