// The API reference area's server side: what the /api page shows, from the document /openapi.json serves.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { operationCount, referenceSections, type ReferenceSection } from "./rules/reference";

export type ApiReference = { sections: ReferenceSection[]; operations: number };

/**
 * The readable reference, or null where the API is not mounted (`npm run dev` runs the Remix app alone). The
 * app worker hands the pages its generated document, so this module never imports the API layer (and the
 * page bundle does not carry the API's codecs).
 */
export function apiReference(context: AppLoadContext): ApiReference | null {
  const document = context.openApiDocument?.();
  return document ? { sections: referenceSections(document), operations: operationCount(document) } : null;
}
