import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthCard, Field, FormError, FormNotice } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { PASSWORD_RESET_REQUEST_FAILED, PASSWORD_RESET_REQUESTED } from "~/accounts/rules/account-actions";
import { passwordResetRequestForm } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { requestPasswordReset, db } from "~/accounts/accounts.server";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { log } from "~/common/log.server";

export const meta: MetaFunction = () => [{ title: `Reset your password · ${PRODUCT_NAME}` }];

type ActionData = { errors?: FieldErrors; sent?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, passwordResetRequestForm);
  if (!parsed.ok) return Response.json({ errors: parsed.errors } satisfies ActionData, { status: 400 });
  try {
    await requestPasswordReset(context.cloudflare.env, db(context), parsed.data.email, new URL(request.url).origin, SIGN_IN_PATH);
  } catch (error) {
    log("error", "password reset request failed", { request_id: context.requestId, error: String(error) });
    return Response.json({ errors: { form: PASSWORD_RESET_REQUEST_FAILED } } satisfies ActionData, { status: 500 });
  }
  // The same answer whether or not the address has an account: nothing to learn by probing.
  return Response.json({ sent: PASSWORD_RESET_REQUESTED } satisfies ActionData);
}

export default function ResetPasswordRequest() {
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link to={SIGN_IN_PATH} className="underline">
          Back to sign in
        </Link>
      }
    >
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <FormError>{result?.errors?.form}</FormError>
        <FormNotice>{result?.sent}</FormNotice>
        <Field label="Email" name="email" type="email" autoComplete="email" required error={result?.errors?.email} />
        <Button type="submit" disabled={busy}>
          Send reset link
        </Button>
      </Form>
    </AuthCard>
  );
}
