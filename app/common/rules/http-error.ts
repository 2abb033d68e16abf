/** The client request layer (spec request-layer §8): one error shape for every failed call. */
export type RequestError = { status: number; message: string; errorType: string; payload: unknown };

export const NETWORK_ERROR_MESSAGE = "Network error";
export const NETWORK_ERROR_TYPE = "network";
/** errorType and fallback message when an error response's body is not JSON. */
export const UNKNOWN_ERROR_TYPE = "unknown";
export const UNKNOWN_ERROR_MESSAGE = "Unknown error";

/** What `requestJson` throws: an Error (for stacks and `instanceof`) carrying the RequestError fields. */
export class RequestFailure extends Error implements RequestError {
  status: number;
  errorType: string;
  payload: unknown;
  constructor(error: RequestError) {
    super(error.message);
    this.name = "RequestFailure";
    this.status = error.status;
    this.errorType = error.errorType;
    this.payload = error.payload;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The first candidate that is a non-empty string: an empty server message says nothing to the user. */
function firstText(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) if (typeof candidate === "string" && candidate.length > 0) return candidate;
  return undefined;
}

/** The spec's shape for a body that cannot be read as JSON (HTML error pages, empty bodies). */
function unparseable(response: Response): RequestError {
  return { status: 0, message: response.statusText || UNKNOWN_ERROR_MESSAGE, errorType: UNKNOWN_ERROR_TYPE, payload: null };
}

/**
 * Reads an error response. `detail` may be an object (`message` or `msg`, and `status` as the error type),
 * a FastAPI validation list (the first item's `msg`), or a plain string; the status text fills any gap.
 */
export async function toRequestError(response: Response): Promise<RequestError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return unparseable(response);
  }
  const detail = isRecord(payload) ? payload.detail : undefined;
  let message: string | undefined;
  let errorType: string | undefined;
  if (Array.isArray(detail)) {
    const first: unknown = detail[0];
    message = isRecord(first) ? firstText(first.msg) : undefined;
  } else if (isRecord(detail)) {
    message = firstText(detail.message, detail.msg);
    errorType = firstText(detail.status);
  } else {
    message = firstText(detail);
  }
  return { status: response.status, message: message ?? response.statusText, errorType: errorType ?? response.statusText, payload };
}

/** A request that never got a response; the payload keeps what went wrong, for logs. */
export function networkError(cause: unknown): RequestError {
  let payload: string;
  if (cause instanceof Error) payload = cause.message || cause.name;
  else if (typeof cause === "string") payload = cause;
  else {
    try {
      payload = JSON.stringify(cause) ?? String(cause);
    } catch {
      payload = String(cause);
    }
  }
  return { status: 0, message: NETWORK_ERROR_MESSAGE, errorType: NETWORK_ERROR_TYPE, payload };
}

/** A cancelled request is the caller's own doing, not a failure to report. */
function isAbort(cause: unknown): boolean {
  return typeof cause === "object" && cause !== null && (cause as { name?: unknown }).name === "AbortError";
}

/**
 * fetch + JSON with the error shape above. Non-OK responses and network failures throw a RequestFailure;
 * an aborted request rethrows the AbortError unchanged, so callers can ignore it. A 204 or an empty body
 * resolves undefined; a non-JSON success body throws like an unparseable error body.
 */
export async function requestJson<T>(input: RequestInfo | URL, init?: RequestInit, fetchImpl: typeof fetch = fetch): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(input, { credentials: "same-origin", ...init });
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw new RequestFailure(networkError(cause));
  }
  if (!response.ok) throw new RequestFailure(await toRequestError(response));
  if (response.status === 204) return undefined as T;
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw new RequestFailure(networkError(cause));
  }
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new RequestFailure(unparseable(response));
  }
}
