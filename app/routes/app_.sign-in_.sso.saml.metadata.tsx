import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { samlServiceProvider } from "~/workspace/sso.server";
import { serviceProviderMetadataXml } from "~/workspace/rules/saml";

/** This site's SAML service provider metadata; its URL is the entity ID (decision 0070). */
export function loader({ request }: LoaderFunctionArgs) {
  const sp = samlServiceProvider(new URL(request.url).origin);
  return new Response(serviceProviderMetadataXml(sp), { headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
