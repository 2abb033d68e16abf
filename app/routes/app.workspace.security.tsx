import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Globe, KeyRound, Plus, ShieldCheck, Trash2 } from "lucide-react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { RefusedPage } from "~/common/components/error-pages";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin } from "../../core/workspace/roles";
import { db, hasSecondFactor, requireViewer } from "~/accounts/accounts.server";
import { setTwoFactorRequired, twoFactorRequirement } from "~/workspace/workspace.server";
import { TWO_FACTOR_POLICY_TEXTS, TWO_FACTOR_SETUP_PATH } from "../../core/workspace/two-factor";
import { readForm, type FieldErrors } from "~/common/form.server";
import {
  addWorkspaceDomain,
  devIdentityProviderSettings,
  devSamlIdentityProviderSettings,
  removeIdentityProvider,
  removeWorkspaceDomain,
  saveIdentityProvider,
  saveSamlIdentityProvider,
  securitySettings,
  setSsoOptions,
  verifyWorkspaceDomain,
} from "~/workspace/sso.server";
import { SSO_TEXTS } from "~/workspace/rules/sso";
import { SAML_TEXTS } from "~/workspace/rules/saml";
import { Textarea } from "~/common/ui/input";

export const meta: MetaFunction = () => [{ title: `Security · ${PRODUCT_NAME}` }];

const INTRO = "Two-factor sign-in for members, single sign-on through your company's identity provider (OpenID Connect or SAML 2.0), and the e-mail domains your workspace has proven it owns.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  if (!isAdmin(viewer.membership.role)) return { allowed: false as const };
  const origin = new URL(request.url).origin;
  const [settings, twoFactor, devSaml] = await Promise.all([securitySettings(db(context), viewer, origin), twoFactorRequirement(db(context), viewer), devSamlIdentityProviderSettings(context.cloudflare.env, origin)]);
  return { allowed: true as const, ...settings, twoFactor: { ...twoFactor, ownFactor: hasSecondFactor(viewer.user) }, dev: devIdentityProviderSettings(context.cloudflare.env, origin), devSaml };
}

const domain = z.string().trim().min(1, "Enter a domain.").max(253);
const intents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save-provider"),
    issuer: z.string().trim().url("Enter the issuer URL (or its discovery URL)."),
    client_id: z.string().trim().min(1, "Enter the client ID.").max(300),
    client_secret: z.string().max(2000).optional(),
    identity_provider_entity_id: z.string().trim().max(500).optional(),
  }),
  z.object({
    intent: z.literal("save-saml-provider"),
    saml_entity_id: z.string().trim().min(1, SAML_TEXTS.badEntityId).max(500),
    saml_sso_url: z.string().trim().url(SAML_TEXTS.badSsoUrl).max(2000),
    saml_certificate: z.string().trim().min(1, SAML_TEXTS.badCertificate).max(20000),
  }),
  z.object({ intent: z.literal("options"), sso_enforced: z.literal("on").optional(), auto_provisioning: z.literal("on").optional() }),
  z.object({ intent: z.literal("remove-provider") }),
  z.object({ intent: z.literal("two-factor"), two_factor_required: z.literal("on").optional() }),
  z.object({ intent: z.literal("add-domain"), domain }),
  z.object({ intent: z.literal("verify-domain"), domain }),
  z.object({ intent: z.literal("remove-domain"), domain }),
]);

type ActionData = { intent?: string; errors?: FieldErrors; notice?: string };

/** The form field a refusal belongs beside. */
const FIELD_OF_REFUSAL: Record<string, string> = {
  invalid_domain: "domain",
  discovery_failed: "issuer",
  invalid_issuer: "issuer",
  missing_client_secret: "client_secret",
  invalid_sso_url: "saml_sso_url",
  invalid_certificate: "saml_certificate",
  invalid_entity_id: "saml_entity_id",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const database = db(context);
  const origin = new URL(request.url).origin;
  const values = Object.fromEntries([...(await readForm(request))].filter(([, v]) => typeof v === "string"));
  const parsed = intents.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ["issuer", "client_id", "domain", "saml_entity_id", "saml_sso_url", "saml_certificate"].includes(String(issue.path[0])) ? String(issue.path[0]) : "form";
    return Response.json({ intent: String(values.intent ?? ""), errors: { [field]: issue.message } } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "two-factor") {
    const required = input.two_factor_required === "on";
    const set = await setTwoFactorRequired(database, viewer, required);
    if (!set.ok) return Response.json({ intent: input.intent, errors: { form: set.message } } satisfies ActionData, { status: set.httpStatus });
    return { intent: input.intent, notice: TWO_FACTOR_POLICY_TEXTS.saved(required) } satisfies ActionData;
  }
  const result =
    input.intent === "save-provider"
      ? await saveIdentityProvider(database, env, origin, viewer, { issuer: input.issuer, clientId: input.client_id, clientSecret: input.client_secret || undefined, identityProviderEntityId: input.identity_provider_entity_id || null })
      : input.intent === "save-saml-provider"
        ? await saveSamlIdentityProvider(database, env, viewer, { entityId: input.saml_entity_id, ssoUrl: input.saml_sso_url, certificate: input.saml_certificate })
        : input.intent === "options"
        ? await setSsoOptions(database, viewer, { ssoEnforced: input.sso_enforced === "on", autoProvisioning: input.auto_provisioning === "on" })
        : input.intent === "remove-provider"
          ? await removeIdentityProvider(database, viewer)
          : input.intent === "add-domain"
            ? await addWorkspaceDomain(database, viewer, input.domain)
            : input.intent === "verify-domain"
              ? await verifyWorkspaceDomain(database, env, viewer, input.domain)
              : await removeWorkspaceDomain(database, viewer, input.domain);
  if (!result.ok) {
    const field = FIELD_OF_REFUSAL[result.status] ?? "form";
    return Response.json({ intent: input.intent, errors: { [field]: result.message } } satisfies ActionData, { status: result.httpStatus === 502 ? 503 : result.httpStatus });
  }
  const notice = input.intent === "verify-domain" ? `${input.domain} is verified.` : input.intent === "add-domain" ? "Domain added: publish the TXT record below, then verify." : "Saved.";
  return { intent: input.intent, notice } satisfies ActionData;
}

/** A workspace has one identity provider: saving one protocol replaces the other. */
const REPLACES = (other: string) => `Saving replaces the ${other} identity provider in use.`;

const time = (unix: number | null) => (unix ? new Date(unix * 1000).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }) : "");

export default function Security() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  if (!data.allowed) {
    return (
      <RefusedPage title="Security" description={INTRO} testId="security-page" icon={<ShieldCheck />}>
        {SSO_TEXTS.onlyAdmins}
      </RefusedPage>
    );
  }
  const errorsOf = (...intents: string[]) => (result?.intent && intents.includes(result.intent) ? (result.errors ?? {}) : {});
  const providerErrors = errorsOf("save-provider");
  const samlErrors = errorsOf("save-saml-provider");
  const domainErrors = errorsOf("add-domain");
  const hasVerified = data.domains.some((d) => d.verified);
  const provider = data.provider;
  const oidc = provider?.protocol === "oidc" ? provider : null;
  const saml = provider?.protocol === "saml" ? provider : null;
  const inUse = <Badge tone="success">In use</Badge>;
  const removeProvider = (
    <Form method="post">
      <Button type="submit" name="intent" value="remove-provider" variant="ghost" disabled={busy}>
        <Trash2 aria-hidden="true" /> Remove identity provider
      </Button>
    </Form>
  );
  return (
    <Page title="Security" description={INTRO} testId="security-page">
      <FormNotice>{result?.notice}</FormNotice>
      <FormError>{errorsOf("options", "remove-provider", "verify-domain", "remove-domain").form}</FormError>

      <Card>
        <CardHeader title={TWO_FACTOR_POLICY_TEXTS.title} description={TWO_FACTOR_POLICY_TEXTS.description} actions={<Badge tone={data.twoFactor.required ? "success" : "outline"}>{data.twoFactor.required ? "Required" : "Not required"}</Badge>} />
        <CardContent>
          <Form method="post" className="flex flex-col gap-3 text-sm" data-testid="two-factor-policy-form">
            <input type="hidden" name="intent" value="two-factor" />
            <label className="flex items-start gap-2">
              <input type="checkbox" name="two_factor_required" defaultChecked={data.twoFactor.required} className="mt-0.5 size-4 accent-[var(--accent)]" />
              <span>
                <span className="font-medium">{TWO_FACTOR_POLICY_TEXTS.label}</span>
                <span className="block text-muted-foreground">
                  {TWO_FACTOR_POLICY_TEXTS.explain}
                  {data.twoFactor.required && data.twoFactor.requiredAt ? ` Required since ${time(data.twoFactor.requiredAt)}.` : ""}
                </span>
              </span>
            </label>
            {!data.twoFactor.ownFactor && !data.twoFactor.required ? (
              <Hint>
                {TWO_FACTOR_POLICY_TEXTS.ownFactorFirst}{" "}
                <a className="underline" href={TWO_FACTOR_SETUP_PATH}>
                  Add two-factor sign-in
                </a>
              </Hint>
            ) : null}
            {data.twoFactor.membersWithout.length > 0 ? (
              <div data-testid="members-without-two-factor">
                <p className="text-muted-foreground">{TWO_FACTOR_POLICY_TEXTS.membersWithout(data.twoFactor.membersWithout.length)}</p>
                <ul className="mt-1 list-inside list-disc break-all">
                  {data.twoFactor.membersWithout.map((email) => (
                    <li key={email}>{email}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {errorsOf("two-factor").form ? <Hint tone="error">{errorsOf("two-factor").form}</Hint> : null}
            <div>
              <Button type="submit" disabled={busy}>
                <ShieldCheck aria-hidden="true" /> Save two-factor requirement
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Verified domains" description="People signing in with an address on a verified domain use this workspace's single sign-on. Prove a domain by publishing a DNS TXT record." />
        <CardContent className="flex flex-col gap-4">
          {data.domains.length === 0 ? <p className="text-sm text-muted-foreground">No domains yet.</p> : null}
          <ul className="flex flex-col gap-3">
            {data.domains.map((d) => (
              <li key={d.domain} data-testid="domain-row" className="flex flex-col gap-2 rounded-xl border border-border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Globe aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="font-medium">{d.domain}</span>
                  {d.verified ? <Badge tone="success">Verified {time(d.verifiedAt)}</Badge> : <Badge tone="warning">Not verified</Badge>}
                  <Form method="post" className="ml-auto flex gap-2">
                    <input type="hidden" name="domain" value={d.domain} />
                    {!d.verified ? (
                      <Button type="submit" name="intent" value="verify-domain" variant="secondary" disabled={busy}>
                        Verify
                      </Button>
                    ) : null}
                    <Button type="submit" name="intent" value="remove-domain" variant="ghost" disabled={busy} aria-label={`Remove ${d.domain}`}>
                      <Trash2 aria-hidden="true" /> Remove
                    </Button>
                  </Form>
                </div>
                {!d.verified ? (
                  <dl className="grid gap-1 text-xs sm:grid-cols-[max-content_1fr] sm:gap-x-3">
                    <dt className="text-muted-foreground">TXT record name</dt>
                    <dd className="break-all font-mono" data-testid="txt-name">
                      {d.txtName}
                    </dd>
                    <dt className="text-muted-foreground">TXT record value</dt>
                    <dd className="break-all font-mono" data-testid="txt-value">
                      {d.txtValue}
                    </dd>
                  </dl>
                ) : null}
              </li>
            ))}
          </ul>
          <Form method="post" noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="add-domain" />
            <div className="flex-1">
              <Field label="Domain" name="domain" placeholder="example.com" error={domainErrors.domain ?? domainErrors.form} />
            </div>
            <Button type="submit" disabled={busy}>
              <Plus aria-hidden="true" /> Add domain
            </Button>
          </Form>
          {data.dev ? (
            <Hint>
              Development: DNS lookups are answered by the local stand-in. Publish the TXT record at <a className="underline" href="/dev/dns">/dev/dns</a>.
            </Hint>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Identity provider (OpenID Connect)" actions={oidc ? inUse : null} description={<>Register this redirect URI at your identity provider: <code className="break-all font-mono text-xs" data-testid="callback-url">{data.callbackUrl}</code></>} />
        <CardContent className="flex flex-col gap-3">
          <Form method="post" noValidate className="flex flex-col gap-3" data-testid="identity-provider-form">
            <input type="hidden" name="intent" value="save-provider" />
            <Field label="Issuer or discovery URL" name="issuer" type="url" defaultValue={oidc?.issuer ?? ""} placeholder="https://login.example.com" error={providerErrors.issuer} />
            <Field label="Client ID" name="client_id" defaultValue={oidc?.clientId ?? ""} error={providerErrors.client_id} />
            <Field
              label="Client secret"
              name="client_secret"
              type="password"
              autoComplete="off"
              hint={oidc?.hasClientSecret ? "A secret is stored and never shown again; leave empty to keep it." : "Stored for the token exchange and never shown again."}
              error={providerErrors.client_secret}
            />
            <Field label="Identity provider entity ID (optional)" name="identity_provider_entity_id" defaultValue={oidc?.identityProviderEntityId ?? ""} />
            {providerErrors.form ? <Hint tone="error">{providerErrors.form}</Hint> : null}
            {saml ? <Hint>{REPLACES("SAML 2.0")}</Hint> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                <KeyRound aria-hidden="true" /> {oidc ? "Save identity provider" : "Add identity provider"}
              </Button>
            </div>
          </Form>
          {data.dev ? (
            <Hint>
              Development: the local identity provider stand-in answers at issuer <code className="font-mono" data-testid="dev-issuer">{data.dev.issuer}</code> with client ID{" "}
              <code className="font-mono">{data.dev.clientId}</code> and secret <code className="font-mono">{data.dev.clientSecret}</code>.
            </Hint>
          ) : null}
          {oidc ? removeProvider : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Identity provider (SAML 2.0)" actions={saml ? inUse : null} description="Register this service provider at your identity provider, then enter what it gives you. Responses must be signed with its certificate." />
        <CardContent className="flex flex-col gap-3">
          <dl className="grid gap-1 text-xs sm:grid-cols-[max-content_1fr] sm:gap-x-3">
            <dt className="text-muted-foreground">Service provider entity ID (metadata URL)</dt>
            <dd className="break-all font-mono" data-testid="saml-sp-entity-id">
              {data.saml.entityId}
            </dd>
            <dt className="text-muted-foreground">Assertion Consumer Service URL (HTTP-POST)</dt>
            <dd className="break-all font-mono" data-testid="saml-acs-url">
              {data.saml.acsUrl}
            </dd>
          </dl>
          <Form method="post" noValidate className="flex flex-col gap-3" data-testid="saml-provider-form">
            <input type="hidden" name="intent" value="save-saml-provider" />
            <Field label="Identity provider entity ID" name="saml_entity_id" defaultValue={saml?.identityProviderEntityId ?? ""} placeholder="https://idp.example.com/saml" error={samlErrors.saml_entity_id} />
            <Field label="SSO URL (HTTP-Redirect)" name="saml_sso_url" type="url" defaultValue={saml?.samlSsoUrl ?? ""} placeholder="https://idp.example.com/saml/sso" error={samlErrors.saml_sso_url} />
            <div className="flex flex-col gap-1">
              <label htmlFor="field-saml_certificate" className="text-sm font-medium">
                Signing certificate (PEM)
              </label>
              <Textarea
                id="field-saml_certificate"
                name="saml_certificate"
                rows={5}
                spellCheck={false}
                className="font-mono text-xs"
                defaultValue={saml?.samlCertificate ?? ""}
                placeholder="-----BEGIN CERTIFICATE-----"
                aria-invalid={samlErrors.saml_certificate ? true : undefined}
                aria-describedby={samlErrors.saml_certificate ? "field-saml_certificate-error" : undefined}
              />
              {samlErrors.saml_certificate ? (
                <p id="field-saml_certificate-error" className="text-xs text-destructive-foreground">
                  {samlErrors.saml_certificate}
                </p>
              ) : null}
            </div>
            {samlErrors.form ? <Hint tone="error">{samlErrors.form}</Hint> : null}
            {oidc ? <Hint>{REPLACES("OpenID Connect")}</Hint> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                <KeyRound aria-hidden="true" /> {saml ? "Save identity provider" : "Add identity provider"}
              </Button>
            </div>
          </Form>
          {data.devSaml ? (
            <div className="text-xs text-muted-foreground">
              <p>
                Development: the local SAML stand-in has entity ID and SSO URL <code className="break-all font-mono" data-testid="dev-saml-entity-id">{data.devSaml.entityId}</code>; its certificate:
              </p>
              <pre className="mt-1 overflow-x-auto whitespace-pre font-mono text-[10px] leading-tight" data-testid="dev-saml-certificate">{data.devSaml.certificate}</pre>
            </div>
          ) : null}
          {saml ? removeProvider : null}
        </CardContent>
      </Card>

      {provider ? (
        <Card>
          <CardHeader title="Sign-in rules" description={hasVerified ? "Apply to addresses on this workspace's verified domains." : SSO_TEXTS.needsVerifiedDomain} />
          <CardContent>
            <Form method="post" className="flex flex-col gap-3 text-sm" data-testid="sso-options-form">
              <input type="hidden" name="intent" value="options" />
              <label className="flex items-start gap-2">
                <input type="checkbox" name="sso_enforced" defaultChecked={provider.ssoEnforced} disabled={!hasVerified} className="mt-0.5 size-4 accent-[var(--accent)]" />
                <span>
                  <span className="font-medium">Enforce single sign-on</span>
                  <span className="block text-muted-foreground">Members on a verified domain can no longer sign in with a password (the owner still can).</span>
                </span>
              </label>
              <label className="flex items-start gap-2">
                <input type="checkbox" name="auto_provisioning" defaultChecked={provider.userAutoProvisioning.enabled} disabled={!hasVerified} className="mt-0.5 size-4 accent-[var(--accent)]" />
                <span>
                  <span className="font-medium">Provision users automatically</span>
                  <span className="block text-muted-foreground">
                    Anyone your identity provider signs in on a verified domain joins this workspace as an editor.
                    {provider.userAutoProvisioning.enabled ? ` Turned on ${time(provider.userAutoProvisioning.enabledAtUnix)} by ${provider.userAutoProvisioning.enabledByUserEmail}.` : ""}
                  </span>
                </span>
              </label>
              <div>
                <Button type="submit" disabled={busy || !hasVerified}>
                  Save sign-in rules
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </Page>
  );
}
