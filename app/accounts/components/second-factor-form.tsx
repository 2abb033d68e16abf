import { Form } from "@remix-run/react";
import { Field, FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { SIGN_IN_PATH } from "~/common/rules/navigation";

/**
 * The second step of a sign-in: a code for the pending sign-in. Posts to the sign-in page's action, from there
 * or from an e-mailed sign-in link (app/routes/app_.action.tsx).
 */
export function SecondFactorForm({ pending, redirectTo, busy, errors }: { pending: string; redirectTo: string; busy: boolean; errors: { form?: string; code?: string } }) {
  return (
    <Form method="post" action={SIGN_IN_PATH} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="mfa" />
      <input type="hidden" name="pending" value={pending} />
      <input type="hidden" name="redirect" value={redirectTo} />
      <FormError>{errors.form}</FormError>
      <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus error={errors.code} hint="The 6-digit code from your authenticator app, or a backup code." />
      <Button type="submit" disabled={busy}>
        Verify
      </Button>
    </Form>
  );
}
