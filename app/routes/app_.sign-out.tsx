import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { CROSS_ORIGIN_REFUSED, isSameOriginMutation } from "~/accounts/rules/session";
import { db, endSession } from "~/accounts/accounts.server";

/** POST only: a link or an image on another site cannot sign anyone out. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!isSameOriginMutation(request.method, request.url, request.headers.get("origin"))) {
    throw new Response(CROSS_ORIGIN_REFUSED, { status: 403 });
  }
  const cookie = await endSession(db(context), request);
  return redirect(`${SIGN_IN_PATH}?signedOut=1`, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect(SIGN_IN_PATH);
}
