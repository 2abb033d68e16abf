export const PRODUCT_NAME = "Parlance";
/** Hostnames containing these words select a product flavour (spec §2). */
export const READER_BRAND = "reader";
export const AGENTS_BRAND = "agents";

export type ProductFlavour = "default" | "reader" | "agents";

export function productFlavourForHost(hostname: string): ProductFlavour {
  const host = hostname.toLowerCase().split(":")[0] ?? "";
  if (host.includes(READER_BRAND)) return "reader";
  if (host.includes(AGENTS_BRAND)) return "agents";
  return "default";
}
