import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Logo } from "~/common/components/logo";
import { Dialog } from "~/common/ui/dialog";
import { Field, FormError } from "~/common/components/form";
import { Button, LinkButton } from "~/common/ui/button";
import {
  continueRedirect,
  defaultCloseDestination,
  DIALOGS,
  nextDialogState,
  NEW_PASSWORD_LABEL,
  parseActionMode,
  REPEAT_PASSWORD_LABEL,
  SIGN_IN_REQUEST_GRANTED,
  SIGNED_IN_DESTINATION,
  UNKNOWN_MODE_ERROR,
  type ActionMode,
  type DialogState,
} from "~/accounts/rules/account-actions";
import { newPasswordForm } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { checkNewPassword } from "~/accounts/rules/password";
import { TOO_MANY_ATTEMPTS } from "~/accounts/rules/throttle";
import {
  attemptsThrottled,
  checkActionCode,
  confirmSignUp,
  db,
  getViewer,
  grantSupportAccess,
  isSignInLink,
  optOutOfUpdates,
  recordLinkFailure,
  redeemSignInLink,
  resetPassword,
  secondFactorOptions,
  secondFactorPending,
  startSession,
  throttledLinkCheck,
  verifyEmail,
} from "~/accounts/accounts.server";
import { SecondFactorForm } from "~/accounts/components/second-factor-form";
import { safeRedirectTarget } from "../../core/edge/redirect";
import { parseForm } from "~/common/form.server";

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

type LoaderData =
  | { error: string }
  | { mode: ActionMode; state: DialogState; continueUrl: string | null; lang: string; throttled?: boolean; next?: string };

/** Who a link check counts against: the client address and the account the link's userId names. */
function linkCaller(url: URL, context: LoaderFunctionArgs["context"]) {
  return { clientIp: context.edge.clientIp, userId: url.searchParams.get("userId") };
}

/**
 * The account-action landing handler of spec §2.4: every e-mailed link arrives here. Every code check goes
 * through the throttle (docs/decisions/0017): per client address and per account, never one key for everyone.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<LoaderData | Response> {
  const url = new URL(request.url);
  let mode: ActionMode;
  try {
    mode = parseActionMode(url.searchParams.get("mode"));
  } catch {
    return { error: UNKNOWN_MODE_ERROR };
  }
  const code = url.searchParams.get("oobCode") ?? url.searchParams.get("verificationCode");
  const continueUrl = url.searchParams.get("continueUrl");
  const lang = url.searchParams.get("lang") ?? "en";
  const database = db(context);
  const base = { mode, continueUrl, lang };
  const caller = linkCaller(url, context);
  switch (mode) {
    case "recoverEmail":
      // Nothing is done for this mode (spec): go on.
      return redirect(continueRedirect(continueUrl, url.origin, {}) ?? "/");
    case "verifyEmail": {
      // A sign-up's link creates its account (decision 0018); older links verify an existing one.
      const link = await throttledLinkCheck(database, caller, async () => (await confirmSignUp(context.cloudflare.env, database, code, url.origin))?.id ?? (await verifyEmail(database, code))?.userId);
      // Opened where that very account is signed in: verified, and nothing to sign in for. Anyone else (signed
      // out, or signed in as another account) gets the spec's sign-in prompt as before.
      const viewer = link.ok ? await getViewer(request, database) : null;
      const signedIn = link.ok && viewer?.user.id === link.value;
      const state = nextDialogState("none", { type: "emailVerificationAttempted", ok: link.ok, signedIn });
      return { ...base, state, next: continueRedirect(continueUrl, url.origin, {}) ?? defaultCloseDestination(mode, state), throttled: !link.ok && link.throttled };
    }
    case "optOutOfUpdates": {
      const link = await throttledLinkCheck(database, caller, () => optOutOfUpdates(database, code));
      return { ...base, state: nextDialogState("none", { type: "optOutAttempted", ok: link.ok }), throttled: !link.ok && link.throttled };
    }
    case "resetPassword": {
      const link = await throttledLinkCheck(database, caller, () => checkActionCode(database, code, "resetPassword"));
      const state = nextDialogState("none", { type: "resetCodeChecked", result: link.ok ? "success" : "invalidActionCode" });
      return { ...base, state, throttled: !link.ok && link.throttled };
    }
    case "verifySignInRequest": {
      // The owner's own sign-in (the throttle asked for the e-mailed link) or support staff's request to sign in.
      const link = await throttledLinkCheck(database, caller, async () =>
        (await isSignInLink(database, code)) ? "signIn" : (await checkActionCode(database, code, "verifySignInRequest")) ? "support" : undefined,
      );
      if (!link.ok) return { ...base, state: "linkInvalid", throttled: link.throttled };
      return { ...base, state: nextDialogState("none", { type: link.value === "signIn" ? "signInLinkOpened" : "signInRequestOpened" }) };
    }
  }
}

type ActionData = { state?: DialogState; error?: string; granted?: string; mfa?: { pending: string; redirect: string; sms: string | null } };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData | Response> {
  const url = new URL(request.url);
  const mode = url.searchParams.get("mode");
  const code = url.searchParams.get("oobCode") ?? url.searchParams.get("verificationCode");
  const database = db(context);
  const caller = linkCaller(url, context);
  if (mode === "resetPassword") {
    const parsed = await parseForm(request, newPasswordForm);
    if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] } satisfies ActionData, { status: 400 });
    const check = checkNewPassword(parsed.data.password, parsed.data.repeat);
    if (!check.ok) return Response.json({ error: check.message } satisfies ActionData, { status: 400 });
    const reset = await throttledLinkCheck(database, caller, () => resetPassword(database, code, parsed.data.password));
    if (!reset.ok && reset.throttled) return Response.json({ error: TOO_MANY_ATTEMPTS } satisfies ActionData, { status: 429 });
    return { state: nextDialogState("changePassword", { type: "passwordChanged", ok: reset.ok }) };
  }
  if (mode === "verifySignInRequest") {
    if (await attemptsThrottled(database, caller.clientIp)) return Response.json({ error: TOO_MANY_ATTEMPTS } satisfies ActionData, { status: 429 });
    const signIn = await redeemSignInLink(database, code);
    if (signIn) {
      const destination = safeRedirectTarget(signIn.redirect, url.origin);
      const pending = await secondFactorPending(database, signIn.user);
      if (pending) {
        const { sms } = await secondFactorOptions(context.cloudflare.env, database, pending);
        return { mfa: { pending, redirect: destination, sms } };
      }
      const cookie = await startSession(database, signIn.user.id, request, { method: "email_link" });
      return redirect(destination, { headers: { "Set-Cookie": cookie } });
    }
    // Otherwise it has to be a live support request; a code that is neither counts as a failed link.
    if (!(await checkActionCode(database, code, "verifySignInRequest"))) {
      await recordLinkFailure(database, caller);
      return Response.json({ error: DIALOGS.linkInvalid.text } satisfies ActionData, { status: 400 });
    }
    const result = await grantSupportAccess(request, context, code);
    if (!result.ok) return Response.json({ error: result.message } satisfies ActionData, { status: result.status });
    return { granted: SIGN_IN_REQUEST_GRANTED };
  }
  return Response.json({ error: UNKNOWN_MODE_ERROR } satisfies ActionData, { status: 400 });
}

/** internalCode and newUser wait in local storage until a dialog closes, then are used once. */
function takeStoredContinueParams() {
  try {
    const stored = { internalCode: localStorage.getItem("internalVerificationCode"), newUser: localStorage.getItem("newUser") };
    localStorage.removeItem("internalVerificationCode");
    localStorage.removeItem("newUser");
    return stored;
  } catch {
    return {};
  }
}

export default function AccountAction() {
  const data = useLoaderData<typeof loader>() as LoaderData;
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  // After a form post without JavaScript the first render already has the action's result.
  const [state, setState] = useState<DialogState>(result?.state ?? ("error" in data ? "none" : data.state));
  useEffect(() => {
    if (result?.state) setState(result.state);
  }, [result]);

  const close = useCallback(() => {
    if ("error" in data) return navigate("/");
    setState(nextDialogState(state, { type: "closed" }));
    const target = continueRedirect(data.continueUrl, window.location.origin, takeStoredContinueParams());
    navigate(target ?? defaultCloseDestination(data.mode, state));
  }, [data, navigate, state]);

  useEffect(() => {
    if (result?.granted) navigate(`/?notice=${encodeURIComponent(result.granted)}`);
  }, [result, navigate]);

  if ("error" in data) {
    return (
      <BrandBackdrop>
        <Dialog title="An error occurred" onClose={close} testId="action-dialog">
          <p className="mb-4 text-sm">{data.error}</p>
          <Button onClick={close}>close</Button>
        </Dialog>
      </BrandBackdrop>
    );
  }
  if (state === "none") return <BrandBackdrop />;
  const content = DIALOGS[state];
  return (
    <BrandBackdrop>
      <Dialog title={content.title} onClose={close} testId="action-dialog">
        {data.throttled ? <p className="mb-4 text-sm">{TOO_MANY_ATTEMPTS}</p> : content.text ? <p className="mb-4 text-sm">{content.text}</p> : null}
        {state === "changePassword" ? (
          <Form method="post" className="flex flex-col gap-4" noValidate key="reset">
            <FormError>{result?.error}</FormError>
            <Field label={NEW_PASSWORD_LABEL} name="password" type="password" autoComplete="new-password" />
            <Field label={REPEAT_PASSWORD_LABEL} name="repeat" type="password" autoComplete="new-password" />
            <Button type="submit" disabled={busy}>
              {content.button}
            </Button>
          </Form>
        ) : result?.mfa ? (
          <SecondFactorForm pending={result.mfa.pending} redirectTo={result.mfa.redirect} busy={busy} errors={{}} sms={result.mfa.sms} />
        ) : state === "verifySignInRequest" || state === "confirmSignIn" ? (
          <Form method="post" className="flex flex-col gap-3">
            <FormError>{result?.error}</FormError>
            <Button type="submit" disabled={busy}>
              {content.button}
            </Button>
          </Form>
        ) : state === "changePasswordSucceeded" ? (
          <LinkButton to="/app/sign-in">{content.button}</LinkButton>
        ) : state === "emailVerified" ? (
          // A link, so it goes on without JavaScript too; with it, close() adds the stored continue parameters.
          <LinkButton
            to={data.next ?? SIGNED_IN_DESTINATION}
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
            data-testid="email-verified-continue"
          >
            {content.button}
          </LinkButton>
        ) : (
          <Button onClick={close}>{content.button}</Button>
        )}
      </Dialog>
    </BrandBackdrop>
  );
}

/** What shows behind (and, once a dialog closes, instead of) the dialogs: the product's mark, never a blank page. */
function BrandBackdrop({ children }: { children?: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-background text-foreground" data-testid="action-backdrop">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-accent-soft),transparent_65%)]" />
      <header className="relative px-4 py-4 sm:px-8">
        <Logo />
      </header>
      <div className="relative flex flex-1 flex-col items-center justify-center gap-3 px-4 pb-24 text-center">
        <span aria-hidden="true" className="inline-block size-16 rounded-2xl bg-gradient-to-br from-violet-500 to-sky-400 shadow-lg" />
        <p className="text-sm text-muted-foreground">{PRODUCT_NAME} account</p>
      </div>
      {children}
    </div>
  );
}
