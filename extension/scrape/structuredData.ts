/**
 * The profile page's structured data (schema.org `Person` in JSON-LD), read as a fallback when
 * no selector finds a field. LinkedIn's markup varies, its JSON-LD is a published format; it is
 * still outside data, so it is parsed with zod and anything malformed is skipped.
 *
 * What must stay true: a `Person` whose `url` names another profile than the page's is not
 * this page's (a single-page app can keep an old script after an in-page navigation).
 */
import * as z from 'zod/mini';
import { classifyLinkedInUrl } from '../../src/domain/linkedin/profileUrl.ts';

const text = z.pipe(
  z.unknown(),
  z.transform((value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)),
);
const first = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.union([item, z.array(item)]),
    z.transform((value) => (Array.isArray(value) ? value[0] : value)),
  );
const image = z.union([z.string(), z.looseObject({ contentUrl: z.optional(z.string()), url: z.optional(z.string()) })]);
const organization = z.looseObject({ name: z.optional(z.string()) });

const person = z.looseObject({
  '@type': z.union([z.literal('Person'), z.array(z.string()).check(z.refine((types) => types.includes('Person')))]),
  name: z.optional(text),
  url: z.optional(z.string()),
  image: z.catch(z.optional(first(image)), undefined),
  jobTitle: z.catch(z.optional(first(z.string())), undefined),
  worksFor: z.catch(z.optional(first(organization)), undefined),
});

export interface StructuredPerson {
  name?: string;
  avatarUrl?: string;
  jobTitle?: string;
  company?: string;
}

/** Every JSON-LD node of the page, `@graph` lists flattened; unparsable scripts skipped. */
function jsonLdNodes(doc: Document): unknown[] {
  const nodes: unknown[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent ?? '');
    } catch {
      continue; // not JSON: not ours to read
    }
    for (const node of Array.isArray(data) ? data : [data]) {
      const graph = (node as { '@graph'?: unknown } | null)?.['@graph'];
      nodes.push(...(Array.isArray(graph) ? graph : [node]));
    }
  }
  return nodes;
}

const sameProfile = (a: string, b: string): boolean => {
  const [x, y] = [classifyLinkedInUrl(a), classifyLinkedInUrl(b)];
  return x.kind === 'profile' && y.kind === 'profile' && x.canonical === y.canonical;
};

/** The page's own `Person`, or an empty record when it has none. */
export function structuredPerson(doc: Document, pageUrl: string): StructuredPerson {
  for (const node of jsonLdNodes(doc)) {
    const parsed = person.safeParse(node);
    if (!parsed.success) continue;
    const p = parsed.data;
    if (p.url !== undefined && classifyLinkedInUrl(p.url).kind === 'profile' && !sameProfile(p.url, pageUrl)) continue;
    const img = typeof p.image === 'string' ? p.image : (p.image?.contentUrl ?? p.image?.url);
    return { name: p.name, avatarUrl: img, jobTitle: p.jobTitle, company: p.worksFor?.name };
  }
  return {};
}
