import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** Parses a submitted form with zod; field errors are keyed by field name, first message wins. */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S>; form: FormData } | { ok: false; errors: FieldErrors; form: FormData }> {
  const form = await request.formData();
  const values: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const parsed = await schema.safeParseAsync(values);
  if (parsed.success) return { ok: true, data: parsed.data, form };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, form };
}
