import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { AuthCard, Field, FormError } from "~/common/components/form";
import { Button } from "~/common/components/ui";
import { signInForm, WRONG_CREDENTIALS } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { TOO_MANY_ATTEMPTS } from "~/accounts/rules/throttle";
import { attemptsThrottled, checkCredentials, recordFailedAttempt, issueActionCode, pendingSecondFactorUser, redeemActionCode, db, redirectIfSignedIn, startSession, verifySecondFactor } from "~/accounts/accounts.server";
import { parseForm, readForm, type FieldErrors } from "~/common/form.server";

export const meta: MetaFunction = () => [{ title: `Sign in · ${PRODUCT_NAME}` }];

const WRONG_CODE = "That code is not valid. Try again, or use a backup code.";

const secondFactorForm = z.object({
  intent: z.literal("mfa"),
  pending: z.string().regex(/^[0-9a-f]{48}$/),
  code: z.string().trim().min(6, "Enter the 6-digit code.").max(20),
  redirect: z.string().max(2000).optional(),
});

type ActionData = { errors?: FieldErrors; mfa?: { pending: string } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await redirectIfSignedIn(request, context, safeRedirectTarget(url.searchParams.get("redirect"), url.origin));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const database = db(context);
  const origin = new URL(request.url).origin;
  const form = await readForm(request.clone());
  if (form.get("intent") === "mfa") {
    const parsed = await parseForm(request, secondFactorForm);
    if (!parsed.ok) return Response.json({ errors: parsed.errors, mfa: { pending: String(form.get("pending") ?? "") } } satisfies ActionData, { status: 400 });
    const user = await pendingSecondFactorUser(database, parsed.data.pending);
    if (!user) return Response.json({ errors: { form: "This sign-in has expired. Please sign in again." } } satisfies ActionData, { status: 401 });
    if (await attemptsThrottled(database, context.edge.clientIp, user.email)) {
      return Response.json({ errors: { form: TOO_MANY_ATTEMPTS }, mfa: { pending: parsed.data.pending } } satisfies ActionData, { status: 429 });
    }
    if (!(await verifySecondFactor(database, user, parsed.data.code))) {
      await recordFailedAttempt(database, context.edge.clientIp, user.email);
      return Response.json({ errors: { code: WRONG_CODE }, mfa: { pending: parsed.data.pending } } satisfies ActionData, { status: 401 });
    }
    if (!(await redeemActionCode(database, parsed.data.pending, "mfaSignIn"))) {
      return Response.json({ errors: { form: "This sign-in has expired. Please sign in again." } } satisfies ActionData, { status: 401 });
    }
    const cookie = await startSession(database, user.id, request);
    return redirect(safeRedirectTarget(parsed.data.redirect, origin), { headers: { "Set-Cookie": cookie } });
  }

  const parsed = await parseForm(request, signInForm);
  if (!parsed.ok) return Response.json({ errors: parsed.errors } satisfies ActionData, { status: 400 });
  const result = await checkCredentials(database, context.edge.clientIp, parsed.data.email, parsed.data.password);
  if (!result.ok) {
    const throttled = result.reason === "throttled";
    return Response.json({ errors: { form: throttled ? TOO_MANY_ATTEMPTS : WRONG_CREDENTIALS } } satisfies ActionData, { status: throttled ? 429 : 401 });
  }
  if (result.user.totpEnabledAt !== null) {
    // Password right; the session starts only after the second factor.
    return { mfa: { pending: await issueActionCode(database, result.user.id, "mfaSignIn") } } satisfies ActionData;
  }
  const cookie = await startSession(database, result.user.id, request);
  // The same rule the front door applies: only same-origin, allow-listed destinations.
  return redirect(safeRedirectTarget(parsed.data.redirect, origin), { headers: { "Set-Cookie": cookie } });
}

export default function SignIn() {
  const result = useActionData<typeof action>() as ActionData | undefined;
  const errors = result?.errors ?? {};
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirect") ?? "";
  if (result?.mfa?.pending) {
    return (
      <AuthCard title="Two-factor sign-in">
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="mfa" />
          <input type="hidden" name="pending" value={result.mfa.pending} />
          <input type="hidden" name="redirect" value={redirectTo} />
          <FormError>{errors.form}</FormError>
          <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus error={errors.code} hint="The 6-digit code from your authenticator app, or a backup code." />
          <Button type="submit" disabled={busy}>
            Verify
          </Button>
        </Form>
      </AuthCard>
    );
  }
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
