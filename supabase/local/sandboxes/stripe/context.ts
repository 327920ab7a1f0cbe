/** What route handlers and pages share: the state, the event stream and the sandbox's origin. */
import type { Params } from './form.ts';
import type { StripeStore } from './store.ts';
import type { Webhooks } from './webhooks.ts';

export interface Core {
  store: StripeStore;
  webhooks: Webhooks;
  /** `http://host:port` of the sandbox (list `url`s are paths; hosted pages are absolute). */
  origin: string;
}

export interface RequestContext extends Core {
  /** Path parameters of the matched route. */
  params: string[];
  /** Query string (GET, DELETE) or form body (POST), decoded from bracket notation. */
  input: Params;
}

export interface HandlerResult {
  body: unknown;
  /** The state changed and must be saved. */
  changed?: boolean;
}

export type Handler = (ctx: RequestContext) => HandlerResult;
