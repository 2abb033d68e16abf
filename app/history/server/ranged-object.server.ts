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

/**
 * A stored recording of the caller's as a /v1 answer: Range honoured, an hour's private caching, its file name made
 * safe for the header. Null when the object is missing.
 */
export function storedAudioResponse(
  bucket: R2Bucket,
  stored: { key: string; bytes: number; contentType: string },
  rangeHeader: string | undefined,
  file: { name: string; disposition: "inline" | "attachment" },
): Promise<Response | null> {
  return rangedObjectResponse(bucket, stored.key, stored.bytes, rangeHeader, {
    "content-type": stored.contentType,
    "cache-control": "private, max-age=3600",
    "content-disposition": `${file.disposition}; filename="${file.name.replace(/[^\w.-]+/g, "_")}"`,
  });
}
