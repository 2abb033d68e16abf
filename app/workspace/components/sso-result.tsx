import { Link } from "@remix-run/react";
import { AuthCard } from "~/common/components/form";
import { SIGN_IN_PATH } from "~/common/rules/navigation";

/** What an identity provider's answer came to (OpenID Connect callback or SAML ACS): signed in, or why not. */
export type SsoResultData = { ok: true; to: string } | { ok: false; message: string };

export function SsoResult({ data }: { data: SsoResultData }) {
  if (data.ok) {
    return (
      <AuthCard title="Signed in">
        <p className="text-sm" data-testid="sso-signed-in">
          You are signed in. <Link to={data.to} className="font-medium underline" reloadDocument>Continue</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Single sign-on failed">
      <p className="text-sm" role="alert" data-testid="sso-error">
        {data.message}
      </p>
      <p className="mt-4 text-sm">
        <Link to={SIGN_IN_PATH} className="font-medium underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
