/**
 * Reads request bodies the way GoTrue's `retrieveRequestParams` does: a JSON object whose
 * known fields must have the right type (a wrong type is `bad_json`, as Go's decoder would
 * refuse it), unknown fields ignored, an empty body read as `{}`.
 */
import { jsonBody, type GatewayRequest } from '../gateway/http.ts';
import { badRequest } from './errors.ts';

export type Params = Record<string, unknown>;

const badJson = (detail: string) => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

export function readParams(req: GatewayRequest): Params {
  let body: unknown;
  try {
    body = jsonBody(req);
  } catch (error) {
    throw badJson((error as Error).message);
  }
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badJson('expected a JSON object');
  return body as Params;
}

/** A string field; `undefined` when absent or null. */
export function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badJson(`field "${name}" must be a string`);
  return value;
}

export function booleanParam(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badJson(`field "${name}" must be a boolean`);
  return value;
}

/** A JSON object field (user_metadata, app_metadata, data); `undefined` when absent or null. */
export function objectParam(params: Params, name: string): Record<string, unknown> | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson(`field "${name}" must be an object`);
  return value as Record<string, unknown>;
}
