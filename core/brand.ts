/** The product's name, used in titles, e-mails and the API description (spec §2). */
export const PRODUCT_NAME = "Parlance";
/** The running version's source (AGPL-3.0 section 13), written into the static assets by the build. */
export const SOURCE_ARCHIVE_PATH = "/source.tar.gz";

/** Hostnames containing these words select a product flavour (spec §2). */
export const READER_BRAND = "reader";
export const AGENTS_BRAND = "agents";

export type ProductFlavour = "default" | "reader" | "agents";

/**
 * The flavour a hostname asks for. Takes a bare hostname or a Host header value (the port is ignored);
 * the reader brand wins when both words appear, as it is checked first.
 */
export function productFlavourForHost(hostname: string): ProductFlavour {
  // Strip only a trailing `:port`, so bracketed IPv6 hosts are not cut at their first colon.
  const host = hostname.trim().toLowerCase().replace(/:\d*$/, "");
  if (host.includes(READER_BRAND)) return "reader";
  if (host.includes(AGENTS_BRAND)) return "agents";
  return "default";
}
