import type { ProductFlavour } from "../brand";

/**
 * Headers through which the front door (workers/edge) tells the inner workers what it decided.
 * The edge deletes every header with this prefix from the client's request before setting its own,
 * so the inner workers, reachable only through service bindings, can trust them.
 */
export const EDGE_HEADER_PREFIX = "x-parlance-";

export const EDGE_HEADERS = {
  requestId: "x-parlance-request-id",
  clientIp: "x-parlance-client-ip",
  nonce: "x-parlance-csp-nonce",
  country: "x-parlance-geo-country",
  region: "x-parlance-geo-region",
  city: "x-parlance-geo-city",
  privacyOptOut: "x-parlance-privacy-opt-out",
  biometricTerms: "x-parlance-biometric-terms",
  flavour: "x-parlance-flavour",
} as const;

export type EdgeContext = {
  requestId: string | null;
  clientIp: string | null;
  nonce: string | null;
  geo: { country: string | null; region: string | null; city: string | null };
  privacyOptOutDefault: boolean;
  requiresBiometricTerms: boolean;
  flavour: ProductFlavour;
};

const FLAVOURS: readonly ProductFlavour[] = ["default", "reader", "agents"];

export function readEdgeContext(headers: Headers): EdgeContext {
  const flavour = headers.get(EDGE_HEADERS.flavour) as ProductFlavour | null;
  return {
    requestId: headers.get(EDGE_HEADERS.requestId),
    clientIp: headers.get(EDGE_HEADERS.clientIp),
    nonce: headers.get(EDGE_HEADERS.nonce),
    geo: {
      country: headers.get(EDGE_HEADERS.country),
      region: headers.get(EDGE_HEADERS.region),
      city: headers.get(EDGE_HEADERS.city),
    },
    privacyOptOutDefault: headers.get(EDGE_HEADERS.privacyOptOut) === "1",
    requiresBiometricTerms: headers.get(EDGE_HEADERS.biometricTerms) === "1",
    flavour: flavour && FLAVOURS.includes(flavour) ? flavour : "default",
  };
}
