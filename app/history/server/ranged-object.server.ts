/** Parses one `bytes=` range against an object of `size` bytes (suffix ranges included). */
export function parseRange(header: string | undefined | null, size: number): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const match = header.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? "invalid" : { start, end };
}

/**
 * An R2 object as an HTTP response with Range support (seeking players need it): 200, 206 or 416.
 * Null when the object is missing.
 */
export async function rangedObjectResponse(bucket: R2Bucket, key: string, size: number, rangeHeader: string | undefined, headers: Record<string, string>): Promise<Response | null> {
  const range = parseRange(rangeHeader, size);
  if (range === "invalid") return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
  const object = await bucket.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : undefined);
  if (!object) return null;
  const common = { ...headers, "accept-ranges": "bytes", etag: object.httpEtag };
  if (!range) return new Response(object.body, { headers: { ...common, "content-length": String(size) } });
  return new Response(object.body, {
    status: 206,
    headers: { ...common, "content-range": `bytes ${range.start}-${range.end}/${size}`, "content-length": String(range.end - range.start + 1) },
  });
}
