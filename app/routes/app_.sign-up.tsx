import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AuthCard, Field, FormError } from "~/common/components/form";
import { PasswordRules } from "~/accounts/components/password-rules";
import { passwordChecklist, type PasswordRuleId } from "~/accounts/rules/password";
import { Button } from "~/common/ui/button";
import { SIGN_UP_EMAILED_TITLE, signUpEmailed, signUpForm } from "~/accounts/rules/account-forms";
import { referralFromCookie } from "~/accounts/rules/attribution";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { db, redirectIfSignedIn, requestSignUp } from "~/accounts/accounts.server";
import { parseForm, type FieldErrors } from "~/common/form.server";

export const meta: MetaFunction = () => [{ title: `Sign up · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context, "/app/home");
  return null;
}

/** `passwordMet`: the rules the refused password met, so the list shows them without JavaScript too (never the password). */
type ActionData = { errors?: FieldErrors; emailed?: string; passwordMet?: PasswordRuleId[] };

/**
 * The same answer whether or not the address has an account, and no session either way (docs/decisions/0018):
 * the account is created when the e-mailed link is opened; an existing account's owner is told by e-mail.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, signUpForm);
  if (!parsed.ok) {
    const password = parsed.form.get("password");
    const passwordMet = parsed.errors.password && typeof password === "string" ? passwordChecklist(password).filter((check) => check.met).map((check) => check.id) : undefined;
    return Response.json({ errors: parsed.errors, passwordMet } satisfies ActionData, { status: 400 });
  }
  const { email, password, agrees_to_product_updates, training_opt_out } = parsed.data;
  const origin = new URL(request.url).origin;
  // After the link and the sign-in, the new user lands where they were headed, as a new user.
  const next = new URL(safeRedirectTarget(parsed.data.redirect, origin), origin);
  next.searchParams.set("newUser", "true");
  await requestSignUp(context.cloudflare.env, db(context), (work) => context.cloudflare.ctx.waitUntil(work), context.edge, {
    email,
    password,
    agreesToProductUpdates: agrees_to_product_updates,
    trainingOptOut: training_opt_out,
    // Set by the public site when the visit came through someone's referral link (kept 90 days).
    referredBy: referralFromCookie(request.headers.get("cookie")),
    origin,
    continueUrl: next.pathname + next.search,
  });
  return { emailed: email } satisfies ActionData;
}

export default function SignUp() {
  const result = useActionData<typeof action>() as ActionData | undefined;
  const errors = result?.errors ?? {};
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirect") ?? "";
  // What was typed since the page (or the refusal) rendered: the list follows it as the person types.
  const [typed, setTyped] = useState<{ for: unknown; value: string } | null>(null);
  const refused = Boolean(errors.password);
  const live = typed && typed.for === result ? typed.value : null;
  const checks = live !== null ? passwordChecklist(live) : passwordChecklist("").map((check) => ({ ...check, met: result?.passwordMet?.includes(check.id) ?? false }));
  if (result?.emailed) {
    return (
      <AuthCard
        title={SIGN_UP_EMAILED_TITLE}
        footer={
          <Link className="font-medium underline" to={SIGN_IN_PATH}>
            Back to sign in
          </Link>
        }
      >
        <p className="text-sm" data-testid="sign-up-emailed">
          {signUpEmailed(result.emailed)}
        </p>
      </AuthCard>
    );
  }
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
        <div className="flex flex-col gap-2">
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={refused || undefined}
            aria-describedby="password-rules"
            onChange={(event) => setTyped({ for: result, value: event.currentTarget.value })}
          />
          <PasswordRules id="password-rules" checks={checks} refused={refused} />
        </div>
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
        {errors.agrees_to_terms ? <p className="text-xs text-destructive-foreground">{errors.agrees_to_terms}</p> : null}
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
