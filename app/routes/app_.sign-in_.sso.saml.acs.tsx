import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { PRODUCT_NAME } from "../../core/brand";
import { db } from "~/accounts/accounts.server";
import { readCookie } from "~/accounts/rules/session";
import { clearedSamlStateCookie, completeSamlSignIn, ssoSignInAnswer } from "~/workspace/sso.server";
import { SAML_STATE_COOKIE, SAML_TEXTS } from "~/workspace/rules/saml";
import { SsoResult, type SsoResultData } from "~/workspace/components/sso-result";

/**
 * The SAML Assertion Consumer Service (decision 0070): the identity provider's page posts the SAMLResponse and
 * the RelayState here (HTTP-POST binding). As the OpenID Connect callback, success sets the session and moves
 * on with a refresh from this page (the SameSite=Strict session cookie would not come with a redirect chain
 * that began at the identity provider's site).
 */
export const meta: MetaFunction = () => [{ title: `Single sign-on · ${PRODUCT_NAME}` }];

export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const database = db(context);
  let fields: FormData | null = null;
  try {
    fields = await request.formData();
  } catch {
    fields = null;
  }
  const field = (name: string) => {
    const value = fields?.get(name);
    return typeof value === "string" ? value : null;
  };
  const result = await completeSamlSignIn(database, url.origin, {
    samlResponse: field("SAMLResponse"),
    relayState: field("RelayState"),
    cookieState: readCookie(request.headers.get("cookie"), SAML_STATE_COOKIE),
  });
  return ssoSignInAnswer(database, request, result, clearedSamlStateCookie());
}

export default function SamlAssertionConsumer() {
  // Opened without an answer to read (a GET): where to start instead.
  const data = (useActionData<typeof action>() as SsoResultData | undefined) ?? { ok: false, message: SAML_TEXTS.startFromSignIn };
  return (
    <>
      {data.ok ? <meta httpEquiv="refresh" content={`0;url=${data.to}`} /> : null}
      <SsoResult data={data} />
    </>
  );
}
