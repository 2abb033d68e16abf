/**
 * What a page action answers a fetcher when it refuses: the status and text the matching /v1 route answers,
 * so the component shows the same toast it showed when it called /v1 (`toast.showError`). The HTTP status
 * is the same too; a returned (not thrown) refusal stays the fetcher's data, and leaves the page's loaders alone.
 */
export type ActionFailure = { error: { status: number; message: string } };

export function actionFailure(status: number, message: string): Response {
  return Response.json({ error: { status, message } } satisfies ActionFailure, { status });
}

export function isActionFailure(data: unknown): data is ActionFailure {
  if (typeof data !== "object" || data === null || !("error" in data)) return false;
  const error = (data as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number" && typeof (error as { message?: unknown }).message === "string";
}
