/**
 * Schemas of the seed databases. "CRM People" uses every property type the 2022-06-28 API
 * returns (the app must show or refuse each), with relations to "Companies"; "Investors" is
 * the demo workspace's second database; "Acme Contacts" lives in the second workspace.
 */
import { firstDataSourceId, propertyId, seedId } from './ids.ts';
import type { PropertySchema, SelectOption } from './model.ts';

export const DB = {
  people: seedId('db:crm-people'),
  companies: seedId('db:companies'),
  investors: seedId('db:investors'),
  acme: seedId('db:acme-contacts'),
};

const options = (scope: string, list: [string, string][]): SelectOption[] =>
  list.map(([name, color]) => ({ id: seedId(`option:${scope}:${name}`), name, color, description: null }));

/** Builds a property map; the first entry is the title (id `title`, as in Notion). */
export function schema(
  db: string,
  entries: [string, string, Record<string, unknown>?][],
): Record<string, PropertySchema> {
  const result: Record<string, PropertySchema> = {};
  for (const [name, type, config] of entries) {
    const id = type === 'title' ? 'title' : propertyId(`${db}:${name}`);
    result[id] = { id, name, type, config: config ?? {} };
  }
  return result;
}

export const pid = (db: string, name: string) => propertyId(`${db}:${name}`);

export const STAGES = options('stage', [
  ['Not contacted', 'default'],
  ['Contacted', 'blue'],
  ['Meeting booked', 'yellow'],
  ['Won', 'green'],
  ['Lost', 'red'],
]);

export function companiesSchema() {
  return schema(DB.companies, [
    ['Name', 'title'],
    ['Website', 'url'],
    [
      'Industry',
      'select',
      {
        options: options('industry', [
          ['Software', 'blue'],
          ['Finance', 'green'],
          ['Retail', 'orange'],
        ]),
      },
    ],
    ['Employees', 'number', { format: 'number' }],
  ]);
}

export function peopleSchema() {
  const companiesId = pid(DB.people, 'Companies');
  return schema(DB.people, [
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
    ['Phone', 'phone_number'],
    [
      'Stage',
      'status',
      {
        options: STAGES,
        groups: [
          { id: seedId('group:todo'), name: 'To-do', color: 'gray', option_ids: [STAGES[0].id] },
          { id: seedId('group:doing'), name: 'In progress', color: 'blue', option_ids: [STAGES[1].id, STAGES[2].id] },
          { id: seedId('group:done'), name: 'Complete', color: 'green', option_ids: [STAGES[3].id, STAGES[4].id] },
        ],
      },
    ],
    [
      'Priority',
      'select',
      {
        options: options('priority', [
          ['High', 'red'],
          ['Medium', 'yellow'],
          ['Low', 'gray'],
        ]),
      },
    ],
    [
      'Tags',
      'multi_select',
      {
        options: options('tags', [
          ['Prospect', 'blue'],
          ['Customer', 'green'],
          ['Partner', 'purple'],
          ['Speaker', 'pink'],
        ]),
      },
    ],
    ['Score', 'number', { format: 'number' }],
    ['Deal size', 'number', { format: 'dollar' }],
    ['Contacted', 'checkbox'],
    ['Next follow-up', 'date'],
    ['Owner', 'people'],
    ['Attachments', 'files'],
    [
      'Companies',
      'relation',
      {
        database_id: DB.companies,
        data_source_id: firstDataSourceId(DB.companies),
        type: 'single_property',
        single_property: {},
      },
    ],
    [
      'Company count',
      'rollup',
      {
        relation_property_name: 'Companies',
        relation_property_id: companiesId,
        rollup_property_name: 'Name',
        rollup_property_id: 'title',
        function: 'count',
      },
    ],
    ['Display name', 'formula', { expression: 'prop("Name")' }],
    ['Created', 'created_time'],
    ['Updated', 'last_edited_time'],
    ['Created by', 'created_by'],
    ['Last edited by', 'last_edited_by'],
    ['ID', 'unique_id', { prefix: 'CRM' }],
    ['Open in CRM', 'button'],
  ]);
}

export function investorsSchema() {
  return schema(DB.investors, [
    ['Name', 'title'],
    ['Profile', 'url'],
    ['Fund', 'rich_text'],
    ['Ticket', 'number', { format: 'euro' }],
    ['Warm intro', 'checkbox'],
  ]);
}

export function acmeSchema() {
  return schema(DB.acme, [
    ['Contact', 'title'],
    ['LinkedIn', 'url'],
    ['Notes', 'rich_text'],
  ]);
}
