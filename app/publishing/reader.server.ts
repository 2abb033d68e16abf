// The reader flavour's pages: they answer only on a hostname with the reader brand; the main host sends visitors there.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { ReadRow } from "../../db/repositories/publishing";
import { readerOrigin } from "~/publishing/rules/profiles";
import type { ReadCardData } from "~/publishing/components/reader-chrome";

/** Throws a redirect to the same page on the reader host unless this request came in the reader flavour. */
export function requireReaderFlavour(request: Request, context: AppLoadContext): void {
  if (context.edge.flavour === "reader") return;
  const url = new URL(request.url);
  throw redirect(`${readerOrigin(url.origin)}${url.pathname}${url.search}`, 302);
}

export function readCard(read: ReadRow): ReadCardData {
  return { id: read.id, title: read.title, author: read.author, hasCover: Boolean(read.coverImageKey), matureContent: read.matureContent, durationSeconds: read.durationMs === null ? null : read.durationMs / 1000 };
}

/** Reader pages change when a read is published or unpublished: never kept by the edge or browsers. */
export const READER_CACHE_CONTROL = "no-store";
