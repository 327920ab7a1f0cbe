/**
 * Stripe's error answers: `{error: {type, code?, message, param?, doc_url?}}` with Stripe's
 * statuses — 400 invalid request, 401 authentication, 402 card errors, 404 missing resources —
 * so the official SDK raises the class it raises against api.stripe.com (StripeInvalidRequestError,
 * StripeAuthenticationError, StripeCardError). Handlers throw a `StripeError`.
 */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(requestId: string): Record<string, unknown> {
    const docUrl = this.code ? `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` : undefined;
    return {
      error: {
        ...(this.code ? { code: this.code } : {}),
        ...(docUrl ? { doc_url: docUrl } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        type: this.type,
        ...this.extra,
      },
    };
  }
}

const HELP =
  'See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.';

export const noApiKey = () =>
  new StripeError(
    401,
    'invalid_request_error',
    `You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). ${HELP}`,
  );

/** Stripe shows the key's last four characters only. */
export const invalidApiKey = (key: string) =>
  new StripeError(
    401,
    'invalid_request_error',
    `Invalid API Key provided: ${key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : `${key.slice(0, 3)}***`}`,
  );

export const unrecognizedUrl = (method: string, path: string) =>
  new StripeError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const unknownParameter = (param: string) =>
  new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${param}`, 'parameter_unknown', param);

export const missingParameter = (param: string) =>
  new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);

export const invalidParameter = (param: string, message: string) =>
  new StripeError(400, 'invalid_request_error', message, 'parameter_invalid', param);

/** A request Stripe would accept but the sandbox does not emulate: refused, never half-done. */
export const unsupported = (param: string, what: string) =>
  new StripeError(
    400,
    'invalid_request_error',
    `The Sidenote Stripe sandbox does not support ${what}.`,
    'parameter_invalid',
    param,
  );

export const cardDeclined = (declineCode: string, message: string) =>
  new StripeError(402, 'card_error', message, 'card_declined', undefined, { decline_code: declineCode });

export const idempotencyMismatch = (key: string) =>
  new StripeError(
    400,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );

export const internalError = () =>
  new StripeError(500, 'api_error', 'An unknown error occurred while processing your request.');
