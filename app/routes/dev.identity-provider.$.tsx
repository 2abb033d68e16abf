import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isDevelopment } from "~/accounts/accounts.server";
import { devIdentityProvider } from "~/workspace/sso.server";

/** The development identity provider's discovery, token, JWKS and userinfo endpoints (decision 0045). Outside development this route does not exist. */
function answer({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  return devIdentityProvider(context.cloudflare.env, request);
}

export const loader = answer;
export const action = answer;
