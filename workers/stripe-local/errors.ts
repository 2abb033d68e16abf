/**
 * Stripe's error format: `{"error": {"type", "code", "message", "param"}}` with the HTTP status telling the
 * SDK which error class to raise (400/404 invalid request, 401 authentication, 402 card).
 */
export interface StripeErrorBody {
  type: "invalid_request_error" | "card_error" | "api_error" | "idempotency_error";
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  toResponse(requestId?: string): Response {
    const error = requestId ? { ...this.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } : this.body;
    return Response.json({ error }, { status: this.status, headers: requestId ? { "request-id": requestId } : {} });
  }
}

/** A referenced object that does not exist: 404 when it is the URL's object, 400 when it is a parameter. */
export function resourceMissing(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
}

export function couponExpired(param: string): StripeApiError {
  return invalidRequest("This coupon has expired.", param, "coupon_expired");
}
