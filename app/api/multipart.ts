// The multipart uploads of the audio tools (speech to text, voice isolator, voice changer, forced alignment),
// read and answered alike.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { apiError, validationError, type ValidationIssue } from "./errors";
import { ISOLATION_FILE_FORMATS } from "~/isolation/rules/isolation";

export type FileFormat = (typeof ISOLATION_FILE_FORMATS)[number];

/** The multipart form, or the 422 that a body of another kind gets (`expected` says what the form should hold). */
export async function readMultipart(c: Context, expected: string): Promise<FormData | Response> {
  try {
    return await c.req.formData();
  } catch {
    return validationError(c, [{ loc: ["body"], msg: `Expected a multipart/form-data body with ${expected}`, type: "model_attributes_type" }]);
  }
}

/** A text field; empty counts as absent. */
export function formText(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === "string" && value !== "" ? value : null;
}

/** The `file_format` field (pcm_s16le_16 or other, the default), or its validation issue. */
export function fileFormatField(form: FormData): { fileFormat: FileFormat } | { issue: ValidationIssue } {
  const value = formText(form, "file_format") ?? "other";
  if ((ISOLATION_FILE_FORMATS as readonly string[]).includes(value)) return { fileFormat: value as FileFormat };
  return { issue: { loc: ["body", "file_format"], msg: `Input should be ${ISOLATION_FILE_FORMATS.map((f) => `'${f}'`).join(" or ")}`, type: "enum" } };
}

/** The uploaded file of a field, or its "Field required" issue. */
export function formFile(form: FormData, name: string, what: string): { file: File } | { issue: ValidationIssue } {
  const value = form.get(name);
  return value instanceof File ? { file: value } : { issue: { loc: ["body", name], msg: `Field required: ${what}`, type: "missing" } };
}

/** A refusal of an area's server module, as the API answers it (its headers too). */
export function answerRefusal(c: Context, refusal: { httpStatus: ContentfulStatusCode; status: string; message: string; detail?: Record<string, string | number>; headers?: Record<string, string> }) {
  for (const [name, value] of Object.entries(refusal.headers ?? {})) c.header(name, value);
  return apiError(c, refusal.httpStatus, refusal.status, refusal.message, refusal.detail);
}

/**
 * Finished audio sent whole, or in chunks for a /stream route: the tools process the whole recording before the
 * first byte (they run far faster than real time), then stream it as the commercial API's /stream does.
 */
export function audioResponse(audio: Uint8Array, headers: Record<string, string>, stream: boolean): Response {
  if (!stream) return new Response(audio as Uint8Array<ArrayBuffer>, { headers });
  const CHUNK = 16 * 1024;
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= audio.byteLength) return controller.close();
      controller.enqueue(audio.slice(at, at + CHUNK));
      at += CHUNK;
    },
  });
  return new Response(body, { headers });
}
