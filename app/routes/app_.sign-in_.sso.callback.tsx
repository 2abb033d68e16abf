import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/common/components/form";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { db, startSession } from "~/accounts/accounts.server";
import { readCookie } from "~/accounts/rules/session";
import { clearedSsoStateCookie, completeSsoSignIn } from "~/workspace/sso.server";
import { SSO_STATE_COOKIE } from "~/workspace/rules/sso";

/**
 * Where the identity provider sends the browser back (decision 0045). Success sets the session and then moves
 * on with a refresh from this page: the session cookie is SameSite=Strict, and a redirect chain that began at
 * the identity provider would not send it on the next page.
 */
type CallbackData = { ok: true; to: string } | { ok: false; message: string };

export const meta: MetaFunction = ({ data }) => {
  const result = data as CallbackData | undefined;
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
  const headers = new Headers({ "Set-Cookie": clearedSsoStateCookie(), "Cache-Control": "no-store" });
  if (!result.ok) return Response.json({ ok: false as const, message: result.message }, { status: result.httpStatus === 502 ? 503 : result.httpStatus, headers });
  headers.append("Set-Cookie", await startSession(database, result.userId, request));
  return Response.json({ ok: true as const, to: safeRedirectTarget(result.redirect, url.origin) }, { headers });
}

export default function SsoCallback() {
  const data = useLoaderData<typeof loader>() as CallbackData;
  if (data.ok) {
    return (
      <AuthCard title="Signed in">
        <p className="text-sm" data-testid="sso-signed-in">
          You are signed in. <Link to={data.to} className="font-medium underline" reloadDocument>Continue</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Single sign-on failed">
      <p className="text-sm" role="alert" data-testid="sso-error">
        {data.message}
      </p>
      <p className="mt-4 text-sm">
        <Link to={SIGN_IN_PATH} className="font-medium underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
