import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { Dialog } from "~/common/ui/dialog";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { emailField } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { ANALYTICS_CONSENT_STATES } from "~/accounts/rules/privacy";
import { clearedSessionCookie } from "~/accounts/rules/session";
import { deleteAccount, requestEmailChange, saveUserPreferences, sendProductUpdatesWelcome, db, requireViewer, beginTotpSetup, confirmTotpSetup, disableTotp, SENSITIVE_ACTION_FAILED, CURRENT_FACTOR_REQUIRED, verifySensitiveAction } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";

export const meta: MetaFunction = () => [{ title: `Settings · ${PRODUCT_NAME}` }];

/** The settings dialog parameter that opens two-factor setup (spec §2.1). */
const ADD_TWO_FACTOR_DIALOG = "add-two-factor";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request, context);
  return {
    email: user.email,
    twoFactor: user.totpEnabledAt !== null,
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
  z.object({ intent: z.literal("delete-account"), password: z.string().max(128).optional(), code: z.string().max(20).optional(), confirm: z.literal("DELETE", { error: "Type DELETE to confirm." }) }),
]);

type ActionData = { intent?: string; error?: string; notice?: string; setup?: { secret: string; uri: string }; backupCodes?: string[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireViewer(request, context);
  const database = db(context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] } satisfies ActionData, { status: 400 });
  const input = parsed.data;
  switch (input.intent) {
    case "change-email": {
      if (!(await verifySensitiveAction(database, user, input, true))) return Response.json({ intent: input.intent, error: SENSITIVE_ACTION_FAILED } satisfies ActionData, { status: 403 });
      const result = await requestEmailChange(context.cloudflare.env, database, user, input.new_email, new URL(request.url).origin);
      if (result === "taken") return Response.json({ intent: input.intent, error: "That address already belongs to an account." } satisfies ActionData, { status: 409 });
      return { intent: input.intent, notice: `We sent a confirmation link to ${input.new_email}.` } satisfies ActionData;
    }
    case "privacy":
      await saveUserPreferences(database, user.id, { agreesToProductUpdates: input.agrees_to_product_updates, ccpaOptOut: input.ccpa_opt_out, analyticsConsent: input.analytics_consent });
      if (input.agrees_to_product_updates && !user.agreesToProductUpdates) {
        await sendProductUpdatesWelcome(context.cloudflare.env, database, user, new URL(request.url).origin);
      }
      return { intent: input.intent, notice: "Privacy choices saved." } satisfies ActionData;
    case "begin-2fa": {
      const setup = await beginTotpSetup(database, user, input.code);
      if (!setup) return Response.json({ intent: input.intent, error: CURRENT_FACTOR_REQUIRED } satisfies ActionData, { status: 403 });
      return { intent: input.intent, setup } satisfies ActionData;
    }
    case "confirm-2fa": {
      const codes = await confirmTotpSetup(database, user.id, input.code);
      if (!codes) return Response.json({ intent: input.intent, error: "That code is not valid. Check your authenticator's clock and try again." } satisfies ActionData, { status: 400 });
      return { intent: input.intent, backupCodes: codes } satisfies ActionData;
    }
    case "disable-2fa":
      if (!(await disableTotp(database, user, input.code))) return Response.json({ intent: input.intent, error: "That code is not valid." } satisfies ActionData, { status: 403 });
      return { intent: input.intent, notice: "Two-factor sign-in is off." } satisfies ActionData;
    case "delete-account":
      if (!(await verifySensitiveAction(database, user, input, true))) return Response.json({ intent: input.intent, error: SENSITIVE_ACTION_FAILED } satisfies ActionData, { status: 403 });
      await deleteAccount(context.cloudflare.env, database, user);
      return redirect(`${SIGN_IN_PATH}?deleted=1`, { headers: { "Set-Cookie": clearedSessionCookie() } });
  }
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl border border-border p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const [params, setParams] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const message = (intent: string) =>
    result?.intent === intent || (!result?.intent && intent === "any") ? (
      <>
        <FormError>{result?.error}</FormError>
        <FormNotice>{result?.notice}</FormNotice>
      </>
    ) : null;
  const dialogOpen = params.get("dialog") === ADD_TWO_FACTOR_DIALOG || result?.intent === "begin-2fa" || result?.intent === "confirm-2fa";
  const closeDialog = () => {
    params.delete("dialog");
    setParams(params, { replace: true });
  };
  const codeField = data.twoFactor ? <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" /> : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      {message("any")}
      <Section title="E-mail address">
        <p className="text-sm">
          Signed in as <strong>{data.email}</strong>.
        </p>
        {message("change-email")}
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="change-email" />
          <Field label="New e-mail address" name="new_email" type="email" required />
          <Field label="Current password" name="password" type="password" autoComplete="current-password" required />
          {codeField}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Change e-mail
            </Button>
          </div>
        </Form>
      </Section>
      <Section title="Two-factor sign-in">
        {message("disable-2fa")}
        {data.twoFactor ? (
          <>
            <p className="text-sm" data-testid="two-factor-status">
              On. {data.backupCodesLeft} backup codes left.
            </p>
            <Form method="post" className="flex items-end gap-3">
              <input type="hidden" name="intent" value="disable-2fa" />
              <Field label="Code to turn it off" name="code" inputMode="numeric" />
              <Button type="submit" variant="secondary" disabled={busy}>
                Turn off
              </Button>
            </Form>
          </>
        ) : (
          <>
            <p className="text-sm" data-testid="two-factor-status">
              Off. Add an authenticator app for a second step at sign-in.
            </p>
            <Link to={`?dialog=${ADD_TWO_FACTOR_DIALOG}`} className="inline-block text-sm underline">
              Add two-factor sign-in
            </Link>
          </>
        )}
      </Section>
      <Section title="Privacy">
        {message("privacy")}
        <Form method="post" className="space-y-3 text-sm">
          <input type="hidden" name="intent" value="privacy" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="agrees_to_product_updates" defaultChecked={data.agreesToProductUpdates} /> Send me product updates by e-mail
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="ccpa_opt_out" defaultChecked={data.ccpaOptOut} /> Do not sell or share my personal information
          </label>
          <label className="flex items-center gap-2">
            Analytics
            <select name="analytics_consent" defaultValue={data.analyticsConsent} className="rounded border border-input px-2 py-1 dark:bg-zinc-900">
              {ANALYTICS_CONSENT_STATES.map((state) => (
                <option key={state} value={state}>
                  {state.replace("_", " ")}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary" disabled={busy}>
            Save privacy choices
          </Button>
        </Form>
      </Section>
      <Section title="Delete account">
        <p className="text-sm text-muted-foreground">Deletes your account, the workspaces you own, their history and audio. This cannot be undone.</p>
        {message("delete-account")}
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="delete-account" />
          <Field label="Current password" name="password" type="password" autoComplete="current-password" />
          {codeField}
          <Field label="Type DELETE to confirm" name="confirm" />
          <div className="sm:col-span-2">
            <Button type="submit" className="bg-red-600 text-white hover:bg-red-700" disabled={busy}>
              Delete my account
            </Button>
          </div>
        </Form>
      </Section>
      {dialogOpen ? (
        <Dialog title="Add two-factor sign-in" onClose={closeDialog} testId="two-factor-dialog">
          {result?.backupCodes ? (
            <div className="space-y-3 text-sm">
              <p>Two-factor sign-in is on. Keep these backup codes somewhere safe; each works once. They will not be shown again.</p>
              <ul className="grid grid-cols-2 gap-1 font-mono" data-testid="backup-codes">
                {result.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
              <Button onClick={closeDialog}>Done</Button>
            </div>
          ) : result?.setup || result?.intent === "confirm-2fa" ? (
            <Form method="post" className="space-y-3 text-sm">
              <p>Add this key to your authenticator app, then enter the code it shows.</p>
              {result?.setup ? (
                <code className="block break-all rounded bg-muted p-2 font-mono" data-testid="totp-secret">
                  {result.setup.secret}
                </code>
              ) : null}
              <FormError>{result?.error}</FormError>
              <input type="hidden" name="intent" value="confirm-2fa" />
              <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" />
              <Button type="submit" disabled={busy}>
                Turn on
              </Button>
            </Form>
          ) : (
            <Form method="post" className="space-y-3 text-sm">
              <p>You will need an authenticator app (any TOTP app works).</p>
              <input type="hidden" name="intent" value="begin-2fa" />
              <Button type="submit" disabled={busy}>
                Get a setup key
              </Button>
            </Form>
          )}
        </Dialog>
      ) : null}
    </div>
  );
}
