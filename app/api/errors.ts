import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The commercial API's error statuses, used as `detail.status`. */
export type ApiErrorStatus =
  | "not_found"
  | "invalid_api_key"
  | "needs_authorization"
  | "quota_exceeded"
  | "voice_not_found"
  | "max_character_limit_exceeded"
  | "too_many_concurrent_requests"
  | "forbidden"
  | "invalid_request"
  | "internal_error"
  | (string & {});

/** `{"detail": {"status", "message"}}`: the wire format the official SDKs parse (`more` adds fields to `detail`). */
export function apiError(c: Context, httpStatus: ContentfulStatusCode, status: ApiErrorStatus, message: string, more?: Record<string, string | number>) {
  return c.json({ detail: { status, message, ...more } }, httpStatus);
}

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

/** FastAPI-style 422 body, as the commercial API answers validation failures. */
export function validationError(c: Context, issues: ValidationIssue[]) {
  return c.json({ detail: issues }, 422);
}
