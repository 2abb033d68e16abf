import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "../../core/brand";
import { db } from "~/accounts/accounts.server";
import { readCookie } from "~/accounts/rules/session";
import { clearedSsoStateCookie, completeSsoSignIn, ssoSignInAnswer } from "~/workspace/sso.server";
import { SSO_STATE_COOKIE } from "~/workspace/rules/sso";
import { SsoResult, type SsoResultData } from "~/workspace/components/sso-result";

/**
 * Where the identity provider sends the browser back (decision 0045). Success sets the session and then moves
 * on with a refresh from this page: the session cookie is SameSite=Strict, and a redirect chain that began at
 * the identity provider would not send it on the next page.
 */
export const meta: MetaFunction = ({ data }) => {
  const result = data as SsoResultData | undefined;
  return [{ title: `Single sign-on · ${PRODUCT_NAME}` }, ...(result?.ok ? [{ httpEquiv: "refresh", content: `0;url=${result.to}` } as const] : [])];
};

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const database = db(context);
  const result = await completeSsoSignIn(database, context.cloudflare.env, url.origin, {
    code: url.searchParams.get("code"),
    state: url.searchParams.get("state"),
    error: url.searchParams.get("error"),
    cookieState: readCookie(request.headers.get("cookie"), SSO_STATE_COOKIE),
  });
  return ssoSignInAnswer(database, request, result, clearedSsoStateCookie());
}

export default function SsoCallback() {
  return <SsoResult data={useLoaderData<typeof loader>() as SsoResultData} />;
}
