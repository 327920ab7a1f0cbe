/**
 * The sandbox's first state. Demo workspace "Sidenote Demo" (key `ntn_…`): people and a bot,
 * "CRM People" with every property type and relations to "Companies" — one person ("Max
 * Connector") related to 30 companies, past the 25-reference cap — people saved under several
 * LinkedIn URL variants (trailing slash, no `www`, country subdomain, tracking query, upper
 * case, one person twice), non-ASCII names, and a second database "Investors". A second
 * workspace "Acme Sales" (key `secret_…`) has its own database, invisible to the demo key.
 * Each database has one data source (id `firstDataSourceId(database id)`); tests add more.
 */
import { randomInt } from 'node:crypto';
import { firstDataSourceId, seedId } from './ids.ts';
import type { DatabaseRecord, DataSourceRecord, NotionState, PageRecord, StoredValue, UserRecord } from './model.ts';
import { plainRichText } from './model.ts';
import { acmeSchema, companiesSchema, DB, investorsSchema, peopleSchema, pid, STAGES } from './seed-schema.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomChars = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A fresh token in Notion's current (`ntn_`) or legacy (`secret_`) shape, 50 characters. */
export function newToken(kind: 'ntn' | 'secret'): string {
  if (kind === 'ntn') return `ntn_${randomChars('0123456789', 11)}${randomChars(ALPHANUMERIC, 35)}`;
  return `secret_${randomChars(ALPHANUMERIC, 43)}`;
}

const SEED_TIME = '2026-01-05T09:00:00.000Z';
const DEMO = seedId('workspace:demo');
const ACME = seedId('workspace:acme');
const DEMO_BOT = seedId('user:demo-bot');
const ALICE = seedId('user:alice');

function user(workspaceId: string, key: string, name: string, type: 'person' | 'bot' = 'person'): UserRecord {
  const email = type === 'person' ? `${key}@example.com` : undefined;
  return { id: seedId(`user:${key}`), workspaceId, type, name, avatar_url: null, ...(email ? { email } : {}) };
}

/** A database with its one data source (named like the database, as Notion does for a new one). */
function database(id: string, workspaceId: string, title: string, properties: DataSourceRecord['properties']) {
  const owner = workspaceId === DEMO ? ALICE : seedId('user:acme-owner');
  const common = {
    workspaceId,
    title: [plainRichText(title)],
    description: [],
    created_time: SEED_TIME,
    last_edited_time: SEED_TIME,
    created_by: owner,
    last_edited_by: owner,
    archived: false,
  };
  const db: DatabaseRecord = { id, ...common, icon: null, cover: null, is_inline: false };
  const source: DataSourceRecord = {
    id: firstDataSourceId(id),
    databaseId: id,
    ...common,
    properties,
    nextUniqueId: 1,
  };
  return { db, source };
}

/** Pages are created one minute apart, in order, so default (newest first) order is stable. */
function pages(source: DataSourceRecord, rows: [string, Record<string, StoredValue>][]): PageRecord[] {
  return rows.map(([key, values], index) => {
    const time = new Date(Date.parse(SEED_TIME) + (index + 1) * 60_000).toISOString();
    return {
      id: seedId(`page:${source.databaseId}:${key}`),
      workspaceId: source.workspaceId,
      dataSourceId: source.id,
      values,
      icon: null,
      cover: null,
      archived: false,
      uniqueNumber: source.nextUniqueId++,
      created_time: time,
      last_edited_time: time,
      created_by: source.created_by,
      last_edited_by: source.created_by,
    };
  });
}

const text = (value: string) => [plainRichText(value)];

export const COMPANY_NAMES = Array.from({ length: 30 }, (_, i) => `Company ${String(i + 1).padStart(2, '0')}`);

export function seedState(): NotionState {
  const users: UserRecord[] = [
    user(DEMO, 'demo-bot', 'Sidenote Demo Integration', 'bot'),
    user(DEMO, 'alice', 'Alice Martin'),
    user(DEMO, 'bruno', 'Bruno Costa'),
    user(DEMO, 'chloe', 'Chloé Nguyễn'),
    user(DEMO, 'other-bot', 'Zapier', 'bot'),
    ...Array.from({ length: 26 }, (_, i) => user(DEMO, `guest-${i + 1}`, `Guest ${i + 1}`)),
    user(ACME, 'acme-bot', 'Acme Integration', 'bot'),
    user(ACME, 'acme-owner', 'Dana Acme'),
  ];
  const companies = database(DB.companies, DEMO, 'Companies', companiesSchema());
  const people = database(DB.people, DEMO, 'CRM People', peopleSchema());
  const investors = database(DB.investors, DEMO, 'Investors', investorsSchema());
  const acme = database(DB.acme, ACME, 'Acme Contacts', acmeSchema());

  const companyPages = pages(
    companies.source,
    COMPANY_NAMES.map((name, i) => [
      name,
      { title: text(name), [pid(DB.companies, 'Website')]: `https://company${i + 1}.example.com` },
    ]),
  );
  const companyIds = companyPages.map((page) => page.id);
  const p = (name: string) => pid(DB.people, name);
  const person = (name: string, url: string, extra: Record<string, StoredValue> = {}) => {
    const [first, ...rest] = name.split(' ');
    return {
      title: text(name),
      ...(url ? { [p('LinkedIn URL')]: url } : {}),
      [p('First name')]: text(first),
      [p('Last name')]: text(rest.join(' ')),
      ...extra,
    };
  };
  const everyType: Record<string, StoredValue> = {
    [p('Company')]: text('Company 01'),
    [p('Headline')]: text('Head of Partnerships'),
    [p('Summary')]: text('Connects companies with the right people.'),
    [p('Education')]: text('HEC Paris'),
    [p('Country')]: text('France'),
    [p('City')]: text('Paris'),
    [p('Email')]: 'max@example.com',
    [p('Phone')]: '+33 1 23 45 67 89',
    [p('Stage')]: STAGES[2].id,
    [p('Priority')]: seedId('option:priority:High'),
    [p('Tags')]: [seedId('option:tags:Partner'), seedId('option:tags:Speaker')],
    [p('Score')]: 87,
    [p('Deal size')]: 12500,
    [p('Contacted')]: true,
    [p('Next follow-up')]: { start: '2026-12-01', end: null, time_zone: null },
    [p('Owner')]: users.filter((u) => u.workspaceId === DEMO && u.type === 'person').map((u) => u.id),
    [p('Attachments')]: [
      { name: 'deck.pdf', type: 'external', external: { url: 'https://example.com/deck.pdf' } },
      { name: 'notes.txt', type: 'file', file: { url: 'https://files.example.com/notes.txt' } },
    ],
    [p('Companies')]: companyIds,
  };
  const peoplePages = pages(people.source, [
    ['max', person('Max Connector', 'https://www.linkedin.com/in/max-connector/', everyType)],
    ['camille-1', person('Camille Dupont', 'https://www.linkedin.com/in/camille-dupont/')],
    ['camille-2', person('Camille Dupont', 'https://linkedin.com/in/camille-dupont')],
    ['jose', person('José Álvarez', 'https://fr.linkedin.com/in/jose-alvarez')],
    ['zoe', person('Zoë Łukasiewicz', 'https://www.linkedin.com/in/zoe-lukasiewicz?trk=public_profile')],
    ['sam', person('Sam Lee', 'HTTPS://WWW.LINKEDIN.COM/IN/SAM-LEE/')],
    ['mina', person('Mina Sato', 'http://www.linkedin.com/in/mina-sato', { [p('Companies')]: companyIds.slice(0, 2) })],
    ['no-url', person('Nora Blank', '')],
  ]);
  const investorPages = pages(investors.source, [
    ['ines', { title: text('Inès Fontaine'), [pid(DB.investors, 'Profile')]: 'https://www.linkedin.com/in/ines-f/' }],
  ]);
  const acmePages = pages(acme.source, [['acme', { title: text('Acme Buyer') }]]);

  return {
    version: 2,
    workspaces: [
      { id: DEMO, name: 'Sidenote Demo', botId: DEMO_BOT, tokens: [newToken('ntn')] },
      { id: ACME, name: 'Acme Sales', botId: seedId('user:acme-bot'), tokens: [newToken('secret')] },
    ],
    users,
    databases: [people.db, companies.db, investors.db, acme.db],
    dataSources: [people.source, companies.source, investors.source, acme.source],
    pages: [...companyPages, ...peoplePages, ...investorPages, ...acmePages],
    blocks: [],
  };
}

/** Seed-derived ids tests and docs may name. */
export const SEED_IDS = {
  demoWorkspace: DEMO,
  acmeWorkspace: ACME,
  demoBot: DEMO_BOT,
  alice: ALICE,
  databases: DB,
  /** Each seed database's one data source. */
  dataSources: {
    people: firstDataSourceId(DB.people),
    companies: firstDataSourceId(DB.companies),
    investors: firstDataSourceId(DB.investors),
    acme: firstDataSourceId(DB.acme),
  },
  page: (databaseId: string, key: string) => seedId(`page:${databaseId}:${key}`),
};
