/**
 * The window-message protocol with the browser extension (spec 1 §7, spec 2 §7), as zod
 * schemas (`zod/mini`: the same validation, tree-shaken, a third of full zod's weight on the
 * capture path). Every incoming message is parsed with `incomingMessage`; anything that does not
 * match is dropped by the bridge, never half-read.
 *
 * What must stay true: message `type` strings are the extension's, byte for byte; scraped
 * fields equal to "Not found" count as absent (spec 2 §3); every tab URL is classified here,
 * once (`classifyLinkedInUrl`), so the app receives a `LinkedInUrl`, never a string to parse.
 */
import * as z from 'zod/mini';
import { classifyLinkedInUrl } from '../../domain/linkedin/profileUrl.ts';

const NOT_FOUND = 'Not found';

/** A scraped text: "Not found", empty or missing → undefined. */
const scrapedText = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => (value == null || value.trim() === '' || value.trim() === NOT_FOUND ? undefined : value)),
);

export const scrapedProfileSchema = z.partial(
  z.object({
    name: scrapedText,
    avatarUrl: scrapedText,
    title: scrapedText,
    currentJob: z.nullish(z.partial(z.object({ title: scrapedText, company: scrapedText }))),
  }),
);

export type ScrapedProfile = z.output<typeof scrapedProfileSchema>;

/** A tab URL as the extension sends it, classified at this boundary (`raw` keeps the text). */
const url = z.pipe(
  z.string().check(z.maxLength(4096)),
  z.transform((raw) => classifyLinkedInUrl(raw)),
);

export const incomingMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LINKEDIN_PROFILE_NAVIGATION'), url }),
  z.object({
    type: z.literal('SIDEPANEL_PROFILE_LOADED'),
    url,
    scrapedData: z.nullish(scrapedProfileSchema),
  }),
  z.object({ type: z.literal('EXTENSION_URL_UPDATE'), url, timestamp: z.optional(z.number()) }),
  z.object({ type: z.literal('CURRENT_URL_RESPONSE'), requestId: z.string(), url: z.nullable(url) }),
]);

export type IncomingMessage = z.output<typeof incomingMessage>;

export type OutgoingMessage = { type: 'REQUEST_CURRENT_URL'; requestId: string } | { type: 'REQUEST_SCRAPED_DATA' };

/** Spec 1 §8: the text of a REQUEST_CURRENT_URL that got no answer. */
export const EXTENSION_TIMEOUT_MESSAGE = 'Timeout: Extension did not respond within 2 seconds';
export const CURRENT_URL_TIMEOUT_MS = 2_000;
/** Spec 2 §9: REQUEST_SCRAPED_DATA is sent to the parent this long after start. */
export const SCRAPED_DATA_REQUEST_DELAY_MS = 100;
