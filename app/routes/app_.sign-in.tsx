import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { KeyRound } from "lucide-react";
import { z } from "zod";
import { AuthCard, Field, FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { emailField, SIGN_IN_EMAILED, SIGN_IN_EMAILED_TITLE, signInForm, WRONG_CREDENTIALS } from "~/accounts/rules/account-forms";
import { SecondFactorForm } from "~/accounts/components/second-factor-form";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { TOO_MANY_ATTEMPTS } from "~/accounts/rules/throttle";
import { completeSecondFactor, db, redirectIfSignedIn, secondFactorOptions, secondFactorPending, signInWithPassword, startSession, textSignInCode } from "~/accounts/accounts.server";
import { textedCodeAnswer } from "~/accounts/rules/sms";
import { parseForm, readForm, type FieldErrors } from "~/common/form.server";
import { beginSsoSignIn, passwordSignInRefusedBySso } from "~/workspace/sso.server";

export const meta: MetaFunction = () => [{ title: `Sign in · ${PRODUCT_NAME}` }];

const WRONG_CODE = "That code is not valid. Try again, or use a backup code.";
const SIGN_IN_EXPIRED = "This sign-in has expired. Please sign in again.";

const secondFactorForm = z.object({
  intent: z.literal("mfa"),
  pending: z.string().regex(/^[0-9a-f]{48}$/),
  code: z.string().trim().min(6, "Enter the 6-digit code.").max(20),
  redirect: z.string().max(2000).optional(),
});

const ssoForm = z.object({ intent: z.literal("sso"), email: emailField, redirect: z.string().max(2000).optional() });

const textCodeForm = z.object({ intent: z.literal("mfa-sms"), pending: z.string().regex(/^[0-9a-f]{48}$/), redirect: z.string().max(2000).optional() });

/** `sms`: the masked number texted codes go to, when the account has them on. */
type ActionData = { errors?: FieldErrors; notice?: string; mfa?: { pending: string; redirect?: string; sms?: string | null }; emailed?: true; sso?: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await redirectIfSignedIn(request, context, safeRedirectTarget(url.searchParams.get("redirect"), url.origin));
  return null;
}

/** A refused attempt says when the address may try again (Remix keeps an action's headers only through this). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

function tooManyAttempts(retryAfter: number, data: ActionData): Response {
  return Response.json(data, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const database = db(context);
  const origin = new URL(request.url).origin;
  const clientIp = context.edge.clientIp;
  const form = await readForm(request.clone());
  const env = context.cloudflare.env;
  /** The second step again, with "Text me a code" when the account can have one. */
  const mfaFor = async (pending: string, redirect?: string) => {
    return { pending, redirect, ...(await secondFactorOptions(env, database, pending)) };
  };
  if (form.get("intent") === "mfa-sms") {
    const parsed = await parseForm(request, textCodeForm);
    if (!parsed.ok) return Response.json({ errors: { form: SIGN_IN_EXPIRED } } satisfies ActionData, { status: 400 });
    const texted = await textSignInCode(env, database, parsed.data.pending);
    if (texted.outcome === "expired") return Response.json({ errors: { form: SIGN_IN_EXPIRED } } satisfies ActionData, { status: 401 });
    const answer = textedCodeAnswer(texted);
    const data = { mfa: await mfaFor(parsed.data.pending, parsed.data.redirect), notice: answer.notice, errors: answer.error ? { form: answer.error } : undefined } satisfies ActionData;
    return Response.json(data, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {} });
  }
  if (form.get("intent") === "mfa") {
    const parsed = await parseForm(request, secondFactorForm);
    if (!parsed.ok) return Response.json({ errors: parsed.errors, mfa: { pending: String(form.get("pending") ?? "") } } satisfies ActionData, { status: 400 });
    const pending = parsed.data.pending;
    // A second step that began from an e-mailed sign-in link carries that sign-in's destination.
    const mfa = await mfaFor(pending, parsed.data.redirect);
    const result = await completeSecondFactor(database, { clientIp, pending, code: parsed.data.code });
    switch (result.outcome) {
      case "expired":
        return Response.json({ errors: { form: SIGN_IN_EXPIRED } } satisfies ActionData, { status: 401 });
      case "throttled":
        return tooManyAttempts(result.retryAfter, { errors: { form: TOO_MANY_ATTEMPTS }, mfa });
      case "wrong":
        return Response.json({ errors: { code: WRONG_CODE }, mfa } satisfies ActionData, { status: 401 });
      case "signedIn": {
        const cookie = await startSession(database, result.user.id, request, { method: "two_factor" });
        return redirect(safeRedirectTarget(parsed.data.redirect, origin), { headers: { "Set-Cookie": cookie } });
      }
    }
  }

  if (form.get("intent") === "sso") {
    const parsed = await parseForm(request, ssoForm);
    if (!parsed.ok) return Response.json({ errors: parsed.errors } satisfies ActionData, { status: 400 });
    const begun = await beginSsoSignIn(database, env, origin, parsed.data.email, safeRedirectTarget(parsed.data.redirect, origin));
    if (!begun.ok) return Response.json({ errors: { email: begun.message } } satisfies ActionData, { status: begun.httpStatus === 502 ? 503 : begun.httpStatus });
    return redirect(begun.location, { headers: { "Set-Cookie": begun.cookie } });
  }

  const parsed = await parseForm(request, signInForm);
  if (!parsed.ok) return Response.json({ errors: parsed.errors } satisfies ActionData, { status: 400 });
  // A workspace that enforces single sign-on: its members on its verified domains sign in only through it.
  const enforced = await passwordSignInRefusedBySso(database, parsed.data.email);
  if (enforced) return Response.json({ errors: { form: enforced }, sso: true } satisfies ActionData, { status: 403 });
  // The same rule the front door applies: only same-origin, allow-listed destinations.
  const destination = safeRedirectTarget(parsed.data.redirect, origin);
  const defer = (work: Promise<unknown>) => context.cloudflare.ctx.waitUntil(work);
  const result = await signInWithPassword(context.cloudflare.env, database, defer, {
    clientIp,
    email: parsed.data.email,
    password: parsed.data.password,
    origin,
    redirect: destination,
  });
  switch (result.outcome) {
    case "throttled":
      return tooManyAttempts(result.retryAfter, { errors: { form: TOO_MANY_ATTEMPTS } });
    case "wrong":
      return Response.json({ errors: { form: WRONG_CREDENTIALS } } satisfies ActionData, { status: 401 });
    case "emailed":
      return { emailed: true } satisfies ActionData;
    case "signedIn": {
      const pending = await secondFactorPending(database, result.user);
      // Password right; with two-factor on, the session starts only after the second factor.
      if (pending) return { mfa: await mfaFor(pending) } satisfies ActionData;
      const cookie = await startSession(database, result.user.id, request, { method: "password" });
      return redirect(destination, { headers: { "Set-Cookie": cookie } });
    }
  }
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
        <SecondFactorForm pending={result.mfa.pending} redirectTo={result.mfa.redirect ?? redirectTo} busy={busy} errors={errors} sms={result.mfa.sms} notice={result.notice} />
      </AuthCard>
    );
  }
  if (result?.emailed) {
    return (
      <AuthCard title={SIGN_IN_EMAILED_TITLE}>
        <p className="text-sm" data-testid="sign-in-emailed">
          {SIGN_IN_EMAILED}
        </p>
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
        <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
        </div>
        {/* Uses the e-mail field above: its domain finds the workspace's identity provider. */}
        <Button type="submit" name="intent" value="sso" variant="secondary" disabled={busy}>
          <KeyRound aria-hidden="true" /> Continue with SSO
        </Button>
      </Form>
    </AuthCard>
  );
}
