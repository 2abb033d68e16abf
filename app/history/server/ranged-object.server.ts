import { serveStoredObject } from "../../../core/http/range";

/**
 * Stored audio or video as a /v1 answer with Range support (seeking players need it): 200, 206, or 416 in the
 * API's error shape. Null when the object is missing. The Range rules are core's, shared with the share worker.
 */
export async function rangedObjectResponse(bucket: R2Bucket, key: string, size: number, rangeHeader: string | undefined, headers: Record<string, string>): Promise<Response | null> {
  return serveStoredObject(bucket, key, {
    range: rangeHeader,
    size,
    headers,
    unsatisfiable: (contentRange) =>
      Response.json({ detail: { status: "range_not_satisfiable", message: `The requested range is outside the file (${contentRange}).` } }, { status: 416 }),
  });
}
