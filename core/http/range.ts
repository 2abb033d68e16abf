/**
 * HTTP Range for stored media, following RFC 9110 §14: one implementation for every worker that serves audio
 * or video from R2 (the app's history and share-video endpoints, the share worker).
 */

/** What to send for a Range header against a representation of `size` bytes. */
export type RangeDecision = { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

const SINGLE_BYTE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * RFC 9110: a Range the server does not understand or that is invalid is ignored (the whole representation,
 * 200): another unit, no digits, `last < first`, or several ranges (which a server may decline to serve).
 * A valid range that starts past the end, or an empty suffix, is unsatisfiable (416).
 */
export function decideRange(header: string | null | undefined, size: number): RangeDecision {
  if (!header) return { kind: "whole" };
  const match = SINGLE_BYTE_RANGE.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first, last] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "partial", start, end };
}

/** The Content-Range of a 416 answer. */
export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}

type ServeOptions = {
  /** The request's Range header. */
  range: string | null | undefined;
  /** The stored size when known (saves a HEAD). */
  size?: number;
  /** The request's headers, for If-None-Match / If-Modified-Since (304). */
  conditional?: Headers;
  /** Headers of every answer (content type, caching, disposition). */
  headers: Record<string, string>;
  /** The 416 answer's body and type for this surface (JSON for /v1); plain text by default. */
  unsatisfiable?: (contentRange: string) => Response;
};

/** An R2 object as an HTTP answer: 200, 206, 304 or 416; null when the object is missing. */
export async function serveStoredObject(bucket: R2Bucket, key: string, options: ServeOptions): Promise<Response | null> {
  const size = options.size ?? (await bucket.head(key))?.size;
  if (size === undefined) return null;
  const decision = decideRange(options.range, size);
  if (decision.kind === "unsatisfiable") {
    const contentRange = unsatisfiedContentRange(size);
    const answer = options.unsatisfiable?.(contentRange) ?? new Response("Requested range not satisfiable", { status: 416, headers: { "content-type": "text/plain; charset=utf-8" } });
    const refused = new Response(answer.body, { status: 416, headers: answer.headers });
    refused.headers.set("content-range", contentRange);
    refused.headers.set("accept-ranges", "bytes");
    return refused;
  }
  const object = await bucket.get(key, {
    ...(decision.kind === "partial" ? { range: { offset: decision.start, length: decision.end - decision.start + 1 } } : {}),
    ...(options.conditional ? { onlyIf: options.conditional } : {}),
  });
  if (!object) return null;
  const headers = new Headers({ ...options.headers, "accept-ranges": "bytes", etag: object.httpEtag });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  if (decision.kind === "whole") {
    headers.set("content-length", String(size));
    return new Response(object.body, { headers });
  }
  headers.set("content-range", `bytes ${decision.start}-${decision.end}/${size}`);
  headers.set("content-length", String(decision.end - decision.start + 1));
  return new Response(object.body, { status: 206, headers });
}
