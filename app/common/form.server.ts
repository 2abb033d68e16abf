import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** What a page answers (400) to a body that does not parse as a form: a broken multipart part, say. */
export const UNREADABLE_FORM = "The submitted form could not be read. Reload the page and try again.";

/** The request's form data; a body that is not a readable form is the client's error (400), never a 500. */
export async function readForm(request: { formData(): Promise<FormData> }): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}

/** Parses a submitted form with zod; field errors are keyed by field name, first message wins. */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S>; form: FormData } | { ok: false; errors: FieldErrors; form: FormData }> {
  const form = await readForm(request);
  return { ...(await parseFormData(form, schema)), form };
}

/**
 * Parses an already-read form's text fields with zod (a form with a file reads the file itself and its other
 * fields here); field errors are keyed by field name, first message wins.
 */
export async function parseFormData<S extends z.ZodType>(form: FormData, schema: S): Promise<{ ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors }> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const parsed = await schema.safeParseAsync(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
