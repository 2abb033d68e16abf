import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard, Field, FormError } from "~/common/components/form";
import { Button } from "~/common/components/ui";
import { signUpForm } from "~/accounts/rules/account-forms";
import { referralFromCookie } from "~/accounts/rules/attribution";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { sendProductUpdatesWelcome, sendVerificationEmail, signUp, db, redirectIfSignedIn, startSession } from "~/accounts/accounts.server";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { log } from "~/common/log.server";

export const meta: MetaFunction = () => [{ title: `Sign up · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context, "/app/home");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, signUpForm);
  if (!parsed.ok) return Response.json({ errors: parsed.errors }, { status: 400 });
  const { email, password, agrees_to_product_updates, training_opt_out } = parsed.data;
  const database = db(context);
  const created = await signUp(database, context.edge, {
    email,
    password,
    agreesToProductUpdates: agrees_to_product_updates,
    trainingOptOut: training_opt_out,
    // Set by the public site when the visit came through someone's referral link (kept 90 days).
    referredBy: referralFromCookie(request.headers.get("cookie")),
  });
  if (!created.ok) {
    return Response.json({ errors: { email: "An account with this e-mail address already exists." } satisfies FieldErrors }, { status: 409 });
  }
  const origin = new URL(request.url).origin;
  const destination = safeRedirectTarget(parsed.data.redirect, origin);
  try {
    await sendVerificationEmail(context.cloudflare.env, database, created.user, origin, destination);
    if (agrees_to_product_updates) await sendProductUpdatesWelcome(context.cloudflare.env, database, created.user, origin);
  } catch (error) {
    // The account exists either way; the user can ask for the e-mail again from the app.
    log("error", "verification e-mail failed", { request_id: context.requestId, error: String(error) });
  }
  const cookie = await startSession(database, created.user.id, request);
  const next = new URL(destination, origin);
  next.searchParams.set("newUser", "true");
  return redirect(next.pathname + next.search, { headers: { "Set-Cookie": cookie } });
}

export default function SignUp() {
  const result = useActionData<typeof action>() as { errors?: FieldErrors } | undefined;
  const errors = result?.errors ?? {};
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirect") ?? "";
  return (
    <AuthCard
      title={`Create your ${PRODUCT_NAME} account`}
      footer={
        <>
          Already have an account?{" "}
          <Link className="font-medium underline" to={redirectTo ? `${SIGN_IN_PATH}?redirect=${encodeURIComponent(redirectTo)}` : SIGN_IN_PATH}>
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="redirect" value={redirectTo} />
        {params.get("training_opt_out") === "true" ? <input type="hidden" name="training_opt_out" value="true" /> : null}
        <FormError>{errors.form}</FormError>
        <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          hint="At least 8 characters, with a letter, a number and a special character."
        />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="agrees_to_terms" className="mt-1" />
          <span>
            I agree to the{" "}
            <Link to="/terms" className="underline">
              Terms of Service
            </Link>{" "}
            and the{" "}
            <Link to="/privacy" className="underline">
              Privacy Policy
            </Link>
            .
          </span>
        </label>
        {errors.agrees_to_terms ? <p className="text-xs text-red-600 dark:text-red-400">{errors.agrees_to_terms}</p> : null}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="agrees_to_product_updates" className="mt-1" />
          <span>Send me product updates by e-mail.</span>
        </label>
        <Button type="submit" disabled={busy}>
          {busy ? "Creating account…" : "Sign up"}
        </Button>
      </Form>
    </AuthCard>
  );
}
