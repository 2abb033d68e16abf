/** The client request layer (spec request-layer §8): one error shape for every failed call. */
export type RequestError = { status: number; message: string; errorType: string; payload: unknown };

export const NETWORK_ERROR_MESSAGE = "Network error";

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

type Detail = { message?: unknown; msg?: unknown; status?: unknown } | { msg?: unknown }[] | string | undefined;

export async function toRequestError(response: Response): Promise<RequestError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return { status: 0, message: response.statusText || "Unknown error", errorType: "unknown", payload: null };
  }
  const detail = (payload as { detail?: Detail } | null)?.detail;
  let message: unknown;
  let errorType: unknown;
  if (Array.isArray(detail)) message = detail[0]?.msg;
  else if (typeof detail === "string") message = detail;
  else if (detail) {
    message = detail.message ?? detail.msg;
    errorType = detail.status;
  }
  return {
    status: response.status,
    message: typeof message === "string" && message ? message : response.statusText,
    errorType: typeof errorType === "string" && errorType ? errorType : response.statusText,
    payload,
  };
}

export function networkError(cause: unknown): RequestError {
  return { status: 0, message: NETWORK_ERROR_MESSAGE, errorType: "network", payload: cause instanceof Error ? cause.message : String(cause) };
}

/** fetch + JSON with the error shape above; resolves undefined for 204. */
export async function requestJson<T>(input: RequestInfo | URL, init?: RequestInit, fetchImpl: typeof fetch = fetch): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(input, { credentials: "same-origin", ...init });
  } catch (cause) {
    throw new RequestFailure(networkError(cause));
  }
  if (!response.ok) throw new RequestFailure(await toRequestError(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
