import { Form } from "@remix-run/react";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { SIGN_IN_PATH } from "~/common/rules/navigation";

/**
 * The second step of a sign-in: a code for the pending sign-in. Posts to the sign-in page's action, from there
 * or from an e-mailed sign-in link (app/routes/app_.action.tsx). With texted codes on (`sms`: the masked
 * number), a second form asks for one.
 */
export function SecondFactorForm({
  pending,
  redirectTo,
  busy,
  errors,
  sms,
  notice,
}: {
  pending: string;
  redirectTo: string;
  busy: boolean;
  errors: { form?: string; code?: string };
  sms?: string | null;
  notice?: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Form method="post" action={SIGN_IN_PATH} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="mfa" />
        <input type="hidden" name="pending" value={pending} />
        <input type="hidden" name="redirect" value={redirectTo} />
        {notice ? <FormNotice>{notice}</FormNotice> : null}
        <FormError>{errors.form}</FormError>
        <Field
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          error={errors.code}
          hint={sms ? "The 6-digit code from your authenticator app or from our text message, or a backup code." : "The 6-digit code from your authenticator app, or a backup code."}
        />
        <Button type="submit" disabled={busy}>
          Verify
        </Button>
      </Form>
      {sms ? (
        <Form method="post" action={SIGN_IN_PATH}>
          <input type="hidden" name="intent" value="mfa-sms" />
          <input type="hidden" name="pending" value={pending} />
          <input type="hidden" name="redirect" value={redirectTo} />
          <Button type="submit" variant="ghost" disabled={busy} className="w-full" data-testid="text-sign-in-code">
            {`Text a code to ${sms}`}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
