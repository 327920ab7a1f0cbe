/**
 * The filters and sorts of `POST /data_sources/{id}/query` (and 2022-06-28's `POST
 * /databases/{id}/query`), evaluated on a data source's stored values.
 *
 * Filters: property filters on the types the app queries — text-style (title, rich_text, url,
 * email, phone_number: equals, does_not_equal, contains, does_not_contain, starts_with,
 * ends_with, is_empty, is_not_empty), number, checkbox, select/status, multi_select, relation,
 * people, date — timestamp filters on created_time/last_edited_time, and `and`/`or` compounds
 * nested at most two levels deep, as Notion allows. A condition the sandbox does not know, or
 * one that does not fit the property's type, is a `validation_error`, never ignored.
 * Text comparisons ignore case (as Notion's contains/starts_with/ends_with do; for `equals`
 * Notion's case handling is not verified — callers should not rely on it either way).
 *
 * Sorts: by property (name or id) or by timestamp; without sorts, newest created first.
 */
import { validation } from './errors.ts';
import type { DataSourceRecord, PageRecord, PropertySchema, RichText, SelectOption } from './model.ts';
import { plainText } from './model.ts';
import { findProperty } from './write-values.ts';

type Predicate = (page: PageRecord) => boolean;
type Condition = Record<string, unknown>;

const TEXT_TYPES = new Set(['title', 'rich_text', 'url', 'email', 'phone_number']);
const MAX_NESTING = 2;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyCondition(condition: unknown, path: string): [string, unknown] {
  if (!isObject(condition) || Object.keys(condition).length !== 1) {
    throw validation(`body failed validation: ${path} should have exactly one condition.`);
  }
  return Object.entries(condition)[0];
}

function textOf(schema: PropertySchema, page: PageRecord): string {
  const value = page.values[schema.id];
  if (Array.isArray(value)) return plainText(value as RichText[]);
  return typeof value === 'string' ? value : '';
}

function textPredicate(schema: PropertySchema, condition: unknown, path: string): Predicate {
  const [operator, operand] = onlyCondition(condition, path);
  const text = (page: PageRecord) => textOf(schema, page).toLowerCase();
  if (operator === 'is_empty') return (page) => text(page) === '';
  if (operator === 'is_not_empty') return (page) => text(page) !== '';
  if (typeof operand !== 'string') throw validation(`body failed validation: ${path}.${operator} should be a string.`);
  const wanted = operand.toLowerCase();
  const tests: Record<string, (value: string) => boolean> = {
    equals: (value) => value === wanted,
    does_not_equal: (value) => value !== wanted,
    contains: (value) => value.includes(wanted),
    does_not_contain: (value) => !value.includes(wanted),
    starts_with: (value) => value.startsWith(wanted),
    ends_with: (value) => value.endsWith(wanted),
  };
  const test = tests[operator];
  if (!test) throw validation(`body failed validation: ${path}.${operator} is not a valid text filter condition.`);
  return (page) => test(text(page));
}

function numberPredicate(schema: PropertySchema, condition: unknown, path: string): Predicate {
  const [operator, operand] = onlyCondition(condition, path);
  const value = (page: PageRecord) => page.values[schema.id] as number | null | undefined;
  if (operator === 'is_empty') return (page) => value(page) == null;
  if (operator === 'is_not_empty') return (page) => value(page) != null;
  if (typeof operand !== 'number') throw validation(`body failed validation: ${path}.${operator} should be a number.`);
  const tests: Record<string, (v: number) => boolean> = {
    equals: (v) => v === operand,
    does_not_equal: (v) => v !== operand,
    greater_than: (v) => v > operand,
    less_than: (v) => v < operand,
    greater_than_or_equal_to: (v) => v >= operand,
    less_than_or_equal_to: (v) => v <= operand,
  };
  const test = tests[operator];
  if (!test) throw validation(`body failed validation: ${path}.${operator} is not a valid number filter condition.`);
  return (page) => {
    const v = value(page);
    return v == null ? operator === 'does_not_equal' : test(v);
  };
}

function checkboxPredicate(schema: PropertySchema, condition: unknown, path: string): Predicate {
  const [operator, operand] = onlyCondition(condition, path);
  if (typeof operand !== 'boolean' || (operator !== 'equals' && operator !== 'does_not_equal')) {
    throw validation(`body failed validation: ${path} should be \`equals\` or \`does_not_equal\` a boolean.`);
  }
  return (page) => (page.values[schema.id] === true) === (operator === 'equals' ? operand : !operand);
}

function selectPredicate(schema: PropertySchema, condition: unknown, path: string): Predicate {
  const [operator, operand] = onlyCondition(condition, path);
  const name = (page: PageRecord) =>
    ((schema.config.options ?? []) as SelectOption[]).find((o) => o.id === page.values[schema.id])?.name;
  if (operator === 'is_empty') return (page) => name(page) === undefined;
  if (operator === 'is_not_empty') return (page) => name(page) !== undefined;
  if (typeof operand !== 'string') throw validation(`body failed validation: ${path}.${operator} should be a string.`);
  if (operator === 'equals') return (page) => name(page) === operand;
  if (operator === 'does_not_equal') return (page) => name(page) !== operand;
  throw validation(`body failed validation: ${path}.${operator} is not a valid ${schema.type} filter condition.`);
}

/** multi_select (by option name), relation (page id) and people (user id): list membership. */
function listPredicate(schema: PropertySchema, condition: unknown, path: string): Predicate {
  const [operator, operand] = onlyCondition(condition, path);
  const items = (page: PageRecord): string[] => {
    const ids = (page.values[schema.id] as string[] | undefined) ?? [];
    if (schema.type !== 'multi_select') return ids;
    const options = (schema.config.options ?? []) as SelectOption[];
    return ids.map((id) => options.find((o) => o.id === id)?.name ?? '');
  };
  if (operator === 'is_empty') return (page) => items(page).length === 0;
  if (operator === 'is_not_empty') return (page) => items(page).length > 0;
  if (typeof operand !== 'string') throw validation(`body failed validation: ${path}.${operator} should be a string.`);
  const wanted = schema.type === 'multi_select' ? operand : operand.toLowerCase().replace(/-/g, '');
  const has = (page: PageRecord) =>
    items(page).some((item) => (schema.type === 'multi_select' ? item : item.replace(/-/g, '')) === wanted);
  if (operator === 'contains') return has;
  if (operator === 'does_not_contain') return (page) => !has(page);
  throw validation(`body failed validation: ${path}.${operator} is not a valid ${schema.type} filter condition.`);
}

function datePredicate(read: (page: PageRecord) => string | undefined, condition: unknown, path: string): Predicate {
  const [operator, operand] = onlyCondition(condition, path);
  if (operator === 'is_empty') return (page) => read(page) === undefined;
  if (operator === 'is_not_empty') return (page) => read(page) !== undefined;
  const at = typeof operand === 'string' ? Date.parse(operand) : NaN;
  if (Number.isNaN(at)) throw validation(`body failed validation: ${path}.${operator} should be an ISO 8601 date.`);
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  const tests: Record<string, (t: number) => boolean> = {
    equals: (t) => day(t) === day(at),
    before: (t) => t < at,
    after: (t) => t > at,
    on_or_before: (t) => t <= at,
    on_or_after: (t) => t >= at,
  };
  const test = tests[operator];
  if (!test) throw validation(`body failed validation: ${path}.${operator} is not a supported date filter condition.`);
  return (page) => {
    const value = read(page);
    return value !== undefined && test(Date.parse(value));
  };
}

function propertyPredicate(db: DataSourceRecord, filter: Condition, path: string): Predicate {
  const key = String(filter.property);
  const schema = findProperty(db, key);
  if (!schema) throw validation(`Could not find property with name or id: ${key}`);
  const conditionKeys = Object.keys(filter).filter((k) => k !== 'property' && k !== 'type');
  if (conditionKeys.length !== 1) throw validation(`body failed validation: ${path} should have one filter type.`);
  const kind = conditionKeys[0];
  const condition = filter[kind];
  const at = `${path}.${kind}`;
  const matches = kind === schema.type || (TEXT_TYPES.has(kind) && kind === 'rich_text' && TEXT_TYPES.has(schema.type));
  if (!matches) throw validation(`database property ${schema.type} does not match filter ${kind}`);
  if (TEXT_TYPES.has(schema.type)) return textPredicate(schema, condition, at);
  switch (schema.type) {
    case 'number':
      return numberPredicate(schema, condition, at);
    case 'checkbox':
      return checkboxPredicate(schema, condition, at);
    case 'select':
    case 'status':
      return selectPredicate(schema, condition, at);
    case 'multi_select':
    case 'relation':
    case 'people':
      return listPredicate(schema, condition, at);
    case 'date':
      return datePredicate(
        (page) => (page.values[schema.id] as { start: string } | null | undefined)?.start,
        condition,
        at,
      );
    default:
      throw validation(`body failed validation: filtering on ${schema.type} properties is not supported.`);
  }
}

export function buildFilter(db: DataSourceRecord, filter: unknown, path = 'body.filter', depth = 0): Predicate {
  if (filter === undefined) return () => true;
  if (!isObject(filter)) throw validation(`body failed validation: ${path} should be an object.`);
  for (const compound of ['and', 'or'] as const) {
    if (!(compound in filter)) continue;
    if (depth >= MAX_NESTING) {
      throw validation(`body failed validation: ${path} exceeds the maximum filter nesting depth of ${MAX_NESTING}.`);
    }
    const parts = filter[compound];
    if (!Array.isArray(parts)) throw validation(`body failed validation: ${path}.${compound} should be an array.`);
    if (parts.length > 100) throw validation(`body failed validation: ${path}.${compound}.length should be ≤ \`100\`.`);
    const predicates = parts.map((part, i) => buildFilter(db, part, `${path}.${compound}[${i}]`, depth + 1));
    return compound === 'and' ? (p) => predicates.every((f) => f(p)) : (p) => predicates.some((f) => f(p));
  }
  if (filter.timestamp === 'created_time' || filter.timestamp === 'last_edited_time') {
    const field = filter.timestamp;
    return datePredicate((page) => page[field], filter[field], `${path}.${field}`);
  }
  if (typeof filter.property === 'string') return propertyPredicate(db, filter, path);
  throw validation(`body failed validation: ${path} should be a property, timestamp, \`and\` or \`or\` filter.`);
}

function sortKey(page: PageRecord, schema: PropertySchema): string | number | null {
  const value = page.values[schema.id];
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (schema.type === 'select' || schema.type === 'status') {
    const options = (schema.config.options ?? []) as SelectOption[];
    return options.findIndex((o) => o.id === value);
  }
  if (schema.type === 'date') return (value as { start: string }).start;
  if (Array.isArray(value)) return value.length && typeof value[0] === 'object' ? plainText(value as RichText[]) : null;
  return String(value);
}

export function buildSort(db: DataSourceRecord, sorts: unknown): (a: PageRecord, b: PageRecord) => number {
  if (sorts === undefined) return (a, b) => b.created_time.localeCompare(a.created_time) || a.id.localeCompare(b.id);
  if (!Array.isArray(sorts)) throw validation('body failed validation: body.sorts should be an array.');
  const comparators = sorts.map((sort, i) => {
    const path = `body.sorts[${i}]`;
    if (!isObject(sort) || (sort.direction !== 'ascending' && sort.direction !== 'descending')) {
      throw validation(`body failed validation: ${path}.direction should be \`ascending\` or \`descending\`.`);
    }
    const sign = sort.direction === 'ascending' ? 1 : -1;
    if (sort.timestamp === 'created_time' || sort.timestamp === 'last_edited_time') {
      const field = sort.timestamp;
      return (a: PageRecord, b: PageRecord) => sign * a[field].localeCompare(b[field]);
    }
    const schema = typeof sort.property === 'string' ? findProperty(db, sort.property) : undefined;
    if (!schema) throw validation(`Could not find sort property with name or id: ${String(sort.property)}`);
    return (a: PageRecord, b: PageRecord) => {
      const x = sortKey(a, schema);
      const y = sortKey(b, schema);
      if (x === y) return 0;
      if (x === null) return 1; // empty values last, both directions
      if (y === null) return -1;
      return sign * (x < y ? -1 : 1);
    };
  });
  return (a, b) => {
    for (const compare of comparators) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return a.id.localeCompare(b.id);
  };
}
