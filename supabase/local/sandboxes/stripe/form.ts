/**
 * Stripe's request parameters: form-encoded bodies and query strings in bracket notation
 * (`line_items[0][price]=…`, `expand[]=data.product`, `metadata[key]=…`) decoded into nested
 * objects, then checked with zod. Stripe's answers to bad parameters are kept: an unknown key is
 * `parameter_unknown` naming it in bracket form, a missing one `parameter_missing`, a bad value
 * `parameter_invalid`.
 */
import { z } from 'zod';
import { invalidParameter, missingParameter, unknownParameter } from './errors.ts';

export type Params = Record<string, unknown>;

function segments(key: string): string[] {
  const head = /^[^[]*/.exec(key)![0];
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
  return [head, ...rest];
}

/** Objects whose keys are all indexes become arrays (in index order). */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Params).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** `a[b][0]=x&c[]=y` → `{a: {b: ['x']}, c: ['y']}`. */
export function decodeParams(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = segments(key);
    let node: Params = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      if (typeof node[name] !== 'object' || node[name] === null) node[name] = {};
      node = node[name] as Params;
    });
  }
  return arrays(root) as Params;
}

/** `['line_items', 0, 'price']` → `line_items[0][price]`, as Stripe names parameters. */
export const paramName = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  return node;
}

/** Checks decoded parameters against a schema; the first problem becomes Stripe's error. */
export function parse<S extends z.ZodType>(schema: S, input: Params): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue.code === 'unrecognized_keys') throw unknownParameter(paramName([...issue.path, issue.keys[0]]));
  const name = paramName(issue.path);
  if (valueAt(input, issue.path) === undefined) throw missingParameter(name);
  throw invalidParameter(name, `Invalid ${name}: ${issue.message.replace(/^Invalid input: /, '')}`);
}

/** Stripe's scalar encodings. */
export const zBool = z.enum(['true', 'false']).transform((v) => v === 'true');
export const zInt = z
  .string()
  .regex(/^-?\d+$/, 'must be an integer')
  .transform(Number);
export const zMetadata = z
  .union([z.record(z.string(), z.string()), z.literal('')])
  .transform((v) => (v === '' ? {} : v));
export const zExpand = z.array(z.string()).optional();

/** `limit`, `starting_after`, `ending_before` and `expand` of every list call. */
export const listParams = {
  limit: zInt.pipe(z.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100')).optional(),
  starting_after: z.string().optional(),
  ending_before: z.string().optional(),
  expand: zExpand,
};
