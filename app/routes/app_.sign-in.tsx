import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard, Field, FormError } from "~/components/form";
import { Button } from "~/components/ui";
import { signInForm, WRONG_CREDENTIALS } from "~/domain/account-forms";
import { PRODUCT_NAME } from "~/domain/brand";
import { SIGN_UP_PATH } from "~/domain/navigation";
import { safeRedirectTarget } from "~/domain/redirect";
import { TOO_MANY_ATTEMPTS } from "~/domain/throttle";
import { checkCredentials } from "~/lib/accounts.server";
import { db, redirectIfSignedIn, startSession } from "~/lib/auth.server";
import { parseForm, type FieldErrors } from "~/lib/form.server";

export const meta: MetaFunction = () => [{ title: `Sign in · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await redirectIfSignedIn(request, context, safeRedirectTarget(url.searchParams.get("redirect"), url.origin));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, signInForm);
  if (!parsed.ok) return Response.json({ errors: parsed.errors }, { status: 400 });
  const database = db(context);
  const result = await checkCredentials(database, context.edge.clientIp, parsed.data.email, parsed.data.password);
  if (!result.ok) {
    const throttled = result.reason === "throttled";
    return Response.json({ errors: { form: throttled ? TOO_MANY_ATTEMPTS : WRONG_CREDENTIALS } satisfies FieldErrors }, { status: throttled ? 429 : 401 });
  }
  const cookie = await startSession(database, result.user.id, request);
  // The same rule the front door applies: only same-origin, allow-listed destinations.
  const destination = safeRedirectTarget(parsed.data.redirect, new URL(request.url).origin);
  return redirect(destination, { headers: { "Set-Cookie": cookie } });
}

export default function SignIn() {
  const result = useActionData<typeof action>() as { errors?: FieldErrors } | undefined;
  const errors = result?.errors ?? {};
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirect") ?? "";
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          New to {PRODUCT_NAME}?{" "}
          <Link className="font-medium underline" to={redirectTo ? `${SIGN_UP_PATH}?redirect=${encodeURIComponent(redirectTo)}` : SIGN_UP_PATH}>
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="redirect" value={redirectTo} />
        <FormError>{errors.form}</FormError>
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <div className="text-right text-sm">
          <Link to="/app/reset-password" className="underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
