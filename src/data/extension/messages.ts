/**
 * The window-message protocol with the browser extension (spec 1 §7, spec 2 §7), as zod
 * schemas. Every incoming message is parsed with `incomingMessage`; anything that does not
 * match is dropped by the bridge, never half-read.
 *
 * What must stay true: message `type` strings are the extension's, byte for byte; scraped
 * fields equal to "Not found" count as absent (spec 2 §3); every tab URL is classified here,
 * once (`classifyLinkedInUrl`), so the app receives a `LinkedInUrl`, never a string to parse.
 */
import { z } from 'zod';
import { classifyLinkedInUrl } from '../../domain/linkedin/profileUrl.ts';

const NOT_FOUND = 'Not found';

/** A scraped text: "Not found", empty or missing → undefined. */
const scrapedText = z
  .string()
  .nullish()
  .transform((value) => (value == null || value.trim() === '' || value.trim() === NOT_FOUND ? undefined : value));

export const scrapedProfileSchema = z
  .object({
    name: scrapedText,
    avatarUrl: scrapedText,
    title: scrapedText,
    currentJob: z.object({ title: scrapedText, company: scrapedText }).partial().nullish(),
  })
  .partial();

export type ScrapedProfile = z.output<typeof scrapedProfileSchema>;

/** A tab URL as the extension sends it, classified at this boundary (`raw` keeps the text). */
const url = z
  .string()
  .max(4096)
  .transform((raw) => classifyLinkedInUrl(raw));

export const incomingMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LINKEDIN_PROFILE_NAVIGATION'), url }),
  z.object({
    type: z.literal('SIDEPANEL_PROFILE_LOADED'),
    url,
    scrapedData: scrapedProfileSchema.nullish(),
  }),
  z.object({ type: z.literal('EXTENSION_URL_UPDATE'), url, timestamp: z.number().optional() }),
  z.object({ type: z.literal('CURRENT_URL_RESPONSE'), requestId: z.string(), url: url.nullable() }),
]);

export type IncomingMessage = z.output<typeof incomingMessage>;

export type OutgoingMessage = { type: 'REQUEST_CURRENT_URL'; requestId: string } | { type: 'REQUEST_SCRAPED_DATA' };

/** Spec 1 §8: the text of a REQUEST_CURRENT_URL that got no answer. */
export const EXTENSION_TIMEOUT_MESSAGE = 'Timeout: Extension did not respond within 2 seconds';
export const CURRENT_URL_TIMEOUT_MS = 2_000;
/** Spec 2 §9: REQUEST_SCRAPED_DATA is sent to the parent this long after start. */
export const SCRAPED_DATA_REQUEST_DELAY_MS = 100;
