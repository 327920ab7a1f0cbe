/**
 * The window-message protocol between Sidenote and its browser extension (spec 1 §7, §8;
 * spec 2 §3, §7, §9), as zod schemas: the one module both sides import — the app's bridge
 * (src/data/extension) and the extension's side panel and background (extension/). Written
 * with `zod/mini`: the same validation, tree-shaken, a third of full zod's weight on the
 * capture path.
 *
 * What must stay true: message `type` strings are the spec's, byte for byte; scraped fields
 * equal to "Not found" count as absent (spec 2 §3); the extension→app messages are one
 * schema built around a URL schema, so the extension checks the raw wire form (`extensionMessage`)
 * and the app the same shapes with every URL classified once (`classifiedExtensionMessage`).
 * A tab's URL is told only of a LinkedIn page (extension/urlTracking.ts): EXTENSION_URL_UPDATE
 * and CURRENT_URL_RESPONSE carry null for any other page, whose URL never leaves the extension
 * (issue 32). The app still reads a whole URL of another site as such (an older extension's).
 * SIDEPANEL_PROFILE_LOADED of a Sales Navigator lead or a member link also carries the public
 * profile link the page shows (`profileUrl`, null when it shows none: issue 34).
 */
import * as z from 'zod/mini';
import { classifyLinkedInUrl } from '../linkedin/profileUrl.ts';

/** Spec 2 §3: the scraper's word for a field it could not read. */
export const NOT_FOUND = 'Not found';

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

/** A tab URL on the wire. */
const wireUrl = z.string().check(z.maxLength(4096));
/** A tab URL classified at the app's boundary (`raw` keeps the text). */
const classifiedUrl = z.pipe(
  wireUrl,
  z.transform((raw) => classifyLinkedInUrl(raw)),
);

/** The four messages the extension posts to the app, around a URL schema. */
function extensionMessages<Url extends z.ZodMiniType<unknown, string>>(url: Url) {
  return z.discriminatedUnion('type', [
    z.object({ type: z.literal('LINKEDIN_PROFILE_NAVIGATION'), url }),
    z.object({
      type: z.literal('SIDEPANEL_PROFILE_LOADED'),
      url,
      scrapedData: z.nullish(scrapedProfileSchema),
      // Ours (issue 34): on a page about one person that is not their profile URL (a Sales
      // Navigator lead, a member link), the public profile link the page shows; null: none shown.
      profileUrl: z.nullish(url),
    }),
    // url null: the tab shows no LinkedIn page (another site, a browser page, or none).
    z.object({ type: z.literal('EXTENSION_URL_UPDATE'), url: z.nullable(url), timestamp: z.optional(z.number()) }),
    z.object({ type: z.literal('CURRENT_URL_RESPONSE'), requestId: z.string(), url: z.nullable(url) }),
  ]);
}

/** Extension → app, as the extension checks it before posting. */
export const extensionMessage = extensionMessages(wireUrl);
export type ExtensionMessage = z.input<typeof extensionMessage>;

/** Extension → app, as the app reads it: URLs classified. */
export const classifiedExtensionMessage = extensionMessages(classifiedUrl);
export type ClassifiedExtensionMessage = z.output<typeof classifiedExtensionMessage>;

/** App → extension. */
export const appMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('REQUEST_CURRENT_URL'), requestId: z.string().check(z.maxLength(200)) }),
  z.object({ type: z.literal('REQUEST_SCRAPED_DATA') }),
]);
export type AppMessage = z.output<typeof appMessage>;

/** Spec 1 §8: the text of a REQUEST_CURRENT_URL that got no answer. */
export const EXTENSION_TIMEOUT_MESSAGE = 'Timeout: Extension did not respond within 2 seconds';
export const CURRENT_URL_TIMEOUT_MS = 2_000;
/** Spec 2 §9: REQUEST_SCRAPED_DATA is sent to the parent this long after start. */
export const SCRAPED_DATA_REQUEST_DELAY_MS = 100;
