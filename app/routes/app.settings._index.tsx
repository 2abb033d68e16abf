import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { Dialog } from "~/common/ui/dialog";
import { MessageSquareText, ShieldCheck, Trash2 } from "lucide-react";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Label } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { emailField } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { TWO_FACTOR_POLICY_TEXTS } from "../../core/workspace/two-factor";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { ANALYTICS_CONSENT_LABELS, ANALYTICS_CONSENT_STATES } from "~/accounts/rules/privacy";
import { clearedSessionCookie } from "~/accounts/rules/session";
import {
  deleteAccount,
  requestEmailChange,
  saveUserPreferences,
  sendProductUpdatesWelcome,
  db,
  requireViewer,
  beginTotpSetup,
  confirmTotpSetup,
  disableTotp,
  SENSITIVE_ACTION_FAILED,
  CURRENT_FACTOR_REQUIRED,
  verifySensitiveAction,
  hasSecondFactor,
  secondFactorSetupRequired,
  textedCodesTo,
  textMessagesAvailable,
  beginSmsSetup,
  confirmSmsSetup,
  disableSms,
  textEnrolledCode,
  type TextedCode,
} from "~/accounts/accounts.server";
import { TextMeACode } from "~/accounts/components/text-me-a-code";
import { maskPhoneNumber, PHONE_NUMBER_INVALID, textedCodeAnswer } from "~/accounts/rules/sms";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { CheckboxGroup } from "~/workspace/components/checkbox-group";
import { notificationPreferencesOf, setNotificationPreferences } from "~/workspace/notifications.server";
import { NOTIFICATION_EVENTS, NOTIFICATION_PREFERENCE_TEXTS } from "~/workspace/rules/notifications";

export const meta: MetaFunction = () => [{ title: `Settings · ${PRODUCT_NAME}` }];

/** The settings dialog parameter that opens two-factor setup (spec §2.1). */
const ADD_TWO_FACTOR_DIALOG = "add-two-factor";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user } = viewer;
  const env = context.cloudflare.env;
  const notifications = await notificationPreferencesOf(env, viewer);
  return {
    /** The event types that notify the viewer in the active workspace. */
    notify: NOTIFICATION_EVENTS.map((e) => e.type).filter((type) => notifications[type]),
    email: user.email,
    /** Any second factor: sensitive actions then ask for a code. */
    twoFactor: hasSecondFactor(user),
    /** The workspace requires a second factor the viewer lacks: until they add one, only this page opens (decision 0061). */
    secondFactorRequired: secondFactorSetupRequired(viewer),
    totp: user.totpEnabledAt !== null,
    /** Texted codes: offered only where this deployment can send texts; `sms` is the enrolled number, masked. */
    smsAvailable: textMessagesAvailable(env),
    sms: textedCodesTo(env, user),
    smsPending: user.smsEnabledAt === null && user.smsPhoneNumber ? maskPhoneNumber(user.smsPhoneNumber) : null,
    backupCodesLeft: user.backupCodeHashes ? (JSON.parse(user.backupCodeHashes) as string[]).length : 0,
    agreesToProductUpdates: user.agreesToProductUpdates,
    ccpaOptOut: user.ccpaOptOut,
    analyticsConsent: user.analyticsConsent,
  };
}

const checkbox = z.string().optional().transform((v) => v === "on");
const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("change-email"), new_email: emailField, password: z.string().max(128).optional(), code: z.string().max(20).optional() }),
  z.object({ intent: z.literal("privacy"), agrees_to_product_updates: checkbox, ccpa_opt_out: checkbox, analytics_consent: z.enum(ANALYTICS_CONSENT_STATES) }),
  z.object({ intent: z.literal("begin-2fa"), code: z.string().trim().max(20).optional() }),
  z.object({ intent: z.literal("confirm-2fa"), code: z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code.") }),
  z.object({ intent: z.literal("disable-2fa"), code: z.string().trim().min(6).max(20) }),
  z.object({ intent: z.literal("begin-sms"), phone_number: z.string().trim().min(1, PHONE_NUMBER_INVALID).max(40), code: z.string().trim().max(20).optional() }),
  z.object({ intent: z.literal("confirm-sms"), code: z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code.") }),
  z.object({ intent: z.literal("disable-sms"), code: z.string().trim().min(6, "Enter a current code.").max(20) }),
  z.object({ intent: z.literal("send-sms-code") }),
  z.object({ intent: z.literal("notifications") }),
  z.object({ intent: z.literal("delete-account"), password: z.string().max(128).optional(), code: z.string().max(20).optional(), confirm: z.literal("DELETE", { error: "Type DELETE to confirm." }) }),
]);

/** Errors keyed by the field they belong under (or `form`); `intent` says which form answered. */
type ActionData = { intent?: string; errors?: FieldErrors; notice?: string; setup?: { secret: string; uri: string }; backupCodes?: string[] };

const refuse = (intent: string, errors: FieldErrors, status: number) => Response.json({ intent, errors } satisfies ActionData, { status });

/** A texted code's outcome as this page answers it; the same for a new number and for the enrolled one. */
function textedAnswer(intent: string, texted: TextedCode) {
  const answer = textedCodeAnswer(texted);
  const headers: HeadersInit = answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {};
  return Response.json({ intent, notice: answer.notice, errors: answer.error ? { form: answer.error } : undefined } satisfies ActionData, { status: answer.status, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user } = viewer;
  const database = db(context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) {
    const { intent: badIntent, ...errors } = parsed.errors;
    return refuse(String(parsed.form.get("intent") ?? ""), badIntent ? { form: badIntent } : errors, 400);
  }
  const input = parsed.data;
  switch (input.intent) {
    case "change-email": {
      if (!(await verifySensitiveAction(database, user, input, true))) return refuse(input.intent, { password: SENSITIVE_ACTION_FAILED }, 403);
      const result = await requestEmailChange(context.cloudflare.env, database, user, input.new_email, new URL(request.url).origin);
      if (result === "taken") return refuse(input.intent, { new_email: "That address already belongs to an account." }, 409);
      return { intent: input.intent, notice: `We sent a confirmation link to ${input.new_email}.` } satisfies ActionData;
    }
    case "privacy":
      await saveUserPreferences(database, user.id, { agreesToProductUpdates: input.agrees_to_product_updates, ccpaOptOut: input.ccpa_opt_out, analyticsConsent: input.analytics_consent });
      if (input.agrees_to_product_updates && !user.agreesToProductUpdates) {
        await sendProductUpdatesWelcome(context.cloudflare.env, database, user, new URL(request.url).origin);
      }
      return { intent: input.intent, notice: "Privacy choices saved." } satisfies ActionData;
    case "notifications": {
      // Each ticked box posts its event type; an unticked one posts nothing, so it is turned off.
      const ticked = parsed.form.getAll("notify");
      await setNotificationPreferences(context.cloudflare.env, viewer, Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.type, ticked.includes(e.type)])));
      return { intent: input.intent, notice: NOTIFICATION_PREFERENCE_TEXTS.saved } satisfies ActionData;
    }
    case "begin-2fa": {
      const setup = await beginTotpSetup(database, user, input.code);
      if (!setup) return refuse(input.intent, { code: CURRENT_FACTOR_REQUIRED }, 403);
      return { intent: input.intent, setup } satisfies ActionData;
    }
    case "confirm-2fa": {
      const codes = await confirmTotpSetup(database, user.id, input.code);
      if (!codes) return refuse(input.intent, { code: "That code is not valid. Check your authenticator's clock and try again." }, 400);
      return { intent: input.intent, backupCodes: codes } satisfies ActionData;
    }
    case "disable-2fa":
      if (!(await disableTotp(database, user, input.code))) return refuse(input.intent, { code: "That code is not valid." }, 403);
      return { intent: input.intent, notice: "Two-factor sign-in is off." } satisfies ActionData;
    case "begin-sms": {
      const texted = await beginSmsSetup(context.cloudflare.env, database, user, input.phone_number, input.code);
      if (texted.outcome === "invalid") return refuse(input.intent, { phone_number: PHONE_NUMBER_INVALID }, 400);
      if (texted.outcome === "factor-required") return refuse(input.intent, { code: CURRENT_FACTOR_REQUIRED }, 403);
      return textedAnswer(input.intent, texted);
    }
    case "confirm-sms": {
      const confirmed = await confirmSmsSetup(database, user.id, input.code);
      if (!confirmed) return refuse(input.intent, { code: "That code is not valid or has expired. Ask for a new one." }, 400);
      return { intent: input.intent, notice: "Texted codes are on.", backupCodes: confirmed.backupCodes.length ? confirmed.backupCodes : undefined } satisfies ActionData;
    }
    case "disable-sms":
      if (!(await disableSms(database, user, input.code))) return refuse(input.intent, { code: "That code is not valid." }, 403);
      return { intent: input.intent, notice: "Texted codes are off." } satisfies ActionData;
    case "send-sms-code":
      return textedAnswer(input.intent, await textEnrolledCode(context.cloudflare.env, database, user));
    case "delete-account":
      if (!(await verifySensitiveAction(database, user, input, true))) return refuse(input.intent, { password: SENSITIVE_ACTION_FAILED }, 403);
      await deleteAccount(context.cloudflare.env, database, user);
      return redirect(`${SIGN_IN_PATH}?deleted=1`, { headers: { "Set-Cookie": clearedSessionCookie() } });
  }
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const [params, setParams] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  /** The errors of one form: under its fields, and its own `form` error above it. */
  const errorsOf = (intent: string): FieldErrors => (result?.intent === intent ? (result.errors ?? {}) : {});
  const noticeOf = (intent: string) => (result?.intent === intent ? <FormNotice>{result.notice}</FormNotice> : null);
  const dialogOpen = params.get("dialog") === ADD_TWO_FACTOR_DIALOG || result?.intent === "begin-2fa" || result?.intent === "confirm-2fa";
  const closeDialog = () => {
    params.delete("dialog");
    setParams(params, { replace: true });
  };
  const codeField = (errors: FieldErrors) =>
    data.twoFactor ? <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" error={errors.code} /> : null;
  const textMeACode = data.sms ? <TextMeACode to={data.sms} /> : null;
  const smsErrors = { ...errorsOf("begin-sms"), ...errorsOf("confirm-sms"), ...errorsOf("disable-sms") };
  const smsNotice = ["begin-sms", "confirm-sms", "disable-sms"].map(noticeOf).find(Boolean) ?? null;
  const emailErrors = errorsOf("change-email");
  const deleteErrors = errorsOf("delete-account");
  const disableErrors = errorsOf("disable-2fa");
  const unknown = result?.errors?.form && !["change-email", "privacy", "disable-2fa", "delete-account", "begin-2fa", "confirm-2fa", "begin-sms", "confirm-sms", "disable-sms"].includes(result.intent ?? "") ? result.errors.form : undefined;
  return (
    <Page title="Settings" description="Your sign-in, security and privacy choices." testId="settings-page">
      {data.secondFactorRequired ? (
        <p role="status" data-testid="two-factor-required" className="rounded-xl border border-border bg-accent-soft p-4 text-sm text-accent-foreground">
          {TWO_FACTOR_POLICY_TEXTS.setUpNow}
        </p>
      ) : null}
      <FormError>{unknown}</FormError>
      <Card>
        <CardHeader title="E-mail address" description={<>Signed in as <strong className="text-foreground">{data.email}</strong>.</>} />
        <CardContent className="flex flex-col gap-3">
          {noticeOf("change-email")}
          <FormError>{emailErrors.form}</FormError>
          <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="change-email" />
            <Field label="New e-mail address" name="new_email" type="email" autoComplete="email" aria-required="true" error={emailErrors.new_email} />
            <Field label="Current password" name="password" type="password" autoComplete="current-password" aria-required="true" error={emailErrors.password} />
            {codeField(emailErrors)}
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy}>
                Change e-mail
              </Button>
            </div>
          </Form>
          {textMeACode}
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title="Two-factor sign-in"
          description="A code from an authenticator app at every sign-in."
          actions={<Badge tone={data.totp ? "success" : "outline"}>{data.totp ? "On" : "Off"}</Badge>}
        />
        <CardContent className="flex flex-col gap-3">
          {noticeOf("disable-2fa")}
          <FormError>{disableErrors.form}</FormError>
          {data.totp ? (
            <>
              <p className="text-sm" data-testid="two-factor-status">
                On. {data.backupCodesLeft} backup codes left.
              </p>
              <TurnOffForm intent="disable-2fa" error={disableErrors.code} busy={busy} />
              {textMeACode}
            </>
          ) : (
            <>
              <p className="text-sm" data-testid="two-factor-status">
                Off. Add an authenticator app for a second step at sign-in.
              </p>
              <div>
                <LinkButton to={`?dialog=${ADD_TWO_FACTOR_DIALOG}`} variant="secondary">
                  <ShieldCheck aria-hidden="true" /> Add two-factor sign-in
                </LinkButton>
              </div>
            </>
          )}
        </CardContent>
      </Card>
      {data.smsAvailable || data.sms ? (
        <Card>
          <CardHeader
            title="Texted codes"
            description="A code by text message at sign-in, instead of the authenticator app or beside it."
            actions={<Badge tone={data.sms ? "success" : "outline"}>{data.sms ? "On" : "Off"}</Badge>}
          />
          <CardContent className="flex flex-col gap-3" data-testid="sms-factor">
            {smsNotice}
            <FormError>{smsErrors.form}</FormError>
            {result?.intent === "confirm-sms" && result.backupCodes ? (
              <div className="space-y-2 text-sm">
                <p>Keep these backup codes somewhere safe; each works once, if you lose your phone. They will not be shown again.</p>
                <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-3 font-mono sm:grid-cols-4" data-testid="sms-backup-codes">
                  {result.backupCodes.map((code) => (
                    <li key={code}>{code}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {data.sms ? (
              <>
                <p className="text-sm" data-testid="sms-status">
                  On. Codes go to {data.sms}.
                </p>
                <TurnOffForm intent="disable-sms" error={errorsOf("disable-sms").code} busy={busy} />
                {textMeACode}
              </>
            ) : data.smsPending ? (
              <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <input type="hidden" name="intent" value="confirm-sms" />
                <Field label={`Code texted to ${data.smsPending}`} name="code" inputMode="numeric" autoComplete="one-time-code" error={errorsOf("confirm-sms").code} />
                <Button type="submit" disabled={busy} className="sm:mt-6">
                  Turn on
                </Button>
              </Form>
            ) : null}
            {data.sms ? null : (
              <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="begin-sms" />
                <Field label={data.smsPending ? "Mobile number (again, or another)" : "Mobile number"} name="phone_number" type="tel" autoComplete="tel" placeholder="+44 7700 900123" error={errorsOf("begin-sms").phone_number} hint="In international form, with + and the country code." />
                {data.twoFactor ? <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" error={errorsOf("begin-sms").code} /> : null}
                <div className="sm:col-span-2">
                  <Button type="submit" variant="secondary" disabled={busy}>
                    <MessageSquareText aria-hidden="true" /> {data.smsPending ? "Send a new code" : "Text me a code"}
                  </Button>
                </div>
              </Form>
            )}
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader title={NOTIFICATION_PREFERENCE_TEXTS.title} description={NOTIFICATION_PREFERENCE_TEXTS.description} />
        <CardContent className="flex flex-col gap-3">
          {noticeOf("notifications")}
          <Form method="post" className="flex flex-col gap-3" data-testid="notification-preferences">
            <input type="hidden" name="intent" value="notifications" />
            <CheckboxGroup legend="Notify me about" name="notify" options={NOTIFICATION_EVENTS.map((e) => ({ value: e.type, label: e.label }))} checked={data.notify} idPrefix="notify" />
            <div>
              <Button type="submit" variant="secondary" disabled={busy}>
                Save notification preferences
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Privacy" />
        <CardContent className="flex flex-col gap-3">
          {noticeOf("privacy")}
          <FormError>{errorsOf("privacy").form ?? errorsOf("privacy").analytics_consent}</FormError>
          <Form method="post" className="flex flex-col gap-3 text-sm">
            <input type="hidden" name="intent" value="privacy" />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="agrees_to_product_updates" defaultChecked={data.agreesToProductUpdates} className={CHECKBOX} /> Send me product updates by e-mail
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="ccpa_opt_out" defaultChecked={data.ccpaOptOut} className={CHECKBOX} /> Do not sell or share my personal information
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <Label htmlFor="analytics-consent">Analytics</Label>
              <Select
                id="analytics-consent"
                label="Analytics"
                name="analytics_consent"
                defaultValue={data.analyticsConsent}
                options={ANALYTICS_CONSENT_STATES.map((state) => ({ value: state, label: ANALYTICS_CONSENT_LABELS[state] }))}
                className="w-44"
                testId="analytics-consent"
              />
            </div>
            <div>
              <Button type="submit" variant="secondary" disabled={busy}>
                Save privacy choices
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <Card className="border-destructive/40">
        <CardHeader title="Delete account" description="Deletes your account, the workspaces you own, their history and audio. This cannot be undone." />
        <CardContent className="flex flex-col gap-3">
          <FormError>{deleteErrors.form}</FormError>
          <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="delete-account" />
            <Field label="Current password" name="password" type="password" autoComplete="current-password" error={deleteErrors.password} />
            {codeField(deleteErrors)}
            <Field label="Type DELETE to confirm" name="confirm" autoComplete="off" error={deleteErrors.confirm} />
            <div className="sm:col-span-2">
              <Button type="submit" variant="destructive" disabled={busy}>
                <Trash2 aria-hidden="true" /> Delete my account
              </Button>
            </div>
          </Form>
          {textMeACode}
        </CardContent>
      </Card>
      {dialogOpen ? (
        <Dialog title="Add two-factor sign-in" onClose={closeDialog} testId="two-factor-dialog">
          {result?.backupCodes ? (
            <div className="space-y-3 text-sm">
              <p>Two-factor sign-in is on. Keep these backup codes somewhere safe; each works once. They will not be shown again.</p>
              <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-3 font-mono" data-testid="backup-codes">
                {result.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
              <Button onClick={closeDialog}>Done</Button>
            </div>
          ) : result?.setup || result?.intent === "confirm-2fa" ? (
            <Form method="post" noValidate className="space-y-3 text-sm">
              <p>Add this key to your authenticator app, then enter the code it shows.</p>
              {result?.setup ? (
                <code className="block break-all rounded-lg bg-muted p-2 font-mono" data-testid="totp-secret">
                  {result.setup.secret}
                </code>
              ) : null}
              <input type="hidden" name="intent" value="confirm-2fa" />
              <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" error={errorsOf("confirm-2fa").code ?? errorsOf("confirm-2fa").form} />
              <Button type="submit" disabled={busy}>
                Turn on
              </Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-3 text-sm">
              <p>You will need an authenticator app (any TOTP app works).</p>
              <FormError>{errorsOf("begin-2fa").form ?? (data.twoFactor ? undefined : errorsOf("begin-2fa").code)}</FormError>
              <input type="hidden" name="intent" value="begin-2fa" />
              {/* Adding it beside texted codes is a change of factor: it needs a current code too. */}
              {codeField(errorsOf("begin-2fa"))}
              <Button type="submit" disabled={busy}>
                Get a setup key
              </Button>
            </Form>
          )}
          {!result?.backupCodes && !result?.setup && result?.intent !== "confirm-2fa" ? textMeACode : null}
        </Dialog>
      ) : null}
    </Page>
  );
}

/** Turns a second factor off: a current code from either factor (or a backup code) and the button. */
function TurnOffForm({ intent, error, busy }: { intent: "disable-2fa" | "disable-sms"; error?: string; busy: boolean }) {
  return (
    <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value={intent} />
      <Field label="Code to turn it off" name="code" inputMode="numeric" autoComplete="one-time-code" error={error} />
      <Button type="submit" variant="secondary" disabled={busy} className="sm:mt-6">
        Turn off
      </Button>
    </Form>
  );
}

/** A native checkbox in the theme's accent (the design system has no checkbox of its own yet). */
const CHECKBOX = "size-4 shrink-0 rounded border-input accent-[var(--accent)]";
