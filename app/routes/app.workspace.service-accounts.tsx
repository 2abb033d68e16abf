import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SecretShownOnce } from "~/common/components/secret-once";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Bot, KeyRound, Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { RefusedPage } from "~/common/components/error-pages";
import { Page, Section } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { apiKeyName } from "~/accounts/rules/api-keys";
import { PRODUCT_NAME } from "../../core/brand";
import { keyScope } from "../../core/workspace/key-scopes";
import { db, requireViewer } from "~/accounts/accounts.server";
import { readForm, type FieldErrors } from "~/common/form.server";
import { createServiceAccount, createServiceKey, deleteServiceAccount, deleteServiceKey, serviceAccountsOf } from "~/workspace/service-accounts.server";
import { MAX_KEY_CHARACTER_LIMIT, SCOPE_CHOICES, SERVICE_ACCOUNT_TEXTS, serviceAccountName } from "~/workspace/rules/service-accounts";
import { CheckboxGroup } from "~/workspace/components/checkbox-group";

export const meta: MetaFunction = () => [{ title: `Service accounts · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const listed = await serviceAccountsOf(db(context), viewer);
  return listed.ok ? { allowed: true as const, accounts: listed.accounts.map((a) => ({ ...a, keys: a.keys.map(({ keyHash: _hash, ...k }) => k) })) } : { allowed: false as const, accounts: [] };
}

const capField = z
  .string()
  .trim()
  .transform((v) => (v === "" ? null : Number(v)))
  .pipe(z.number({ message: "Enter a whole number of credits, or leave it empty." }).int("Enter a whole number of credits.").min(1, "At least 1 credit.").max(MAX_KEY_CHARACTER_LIMIT).nullable());
const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-account"), name: serviceAccountName }),
  z.object({ intent: z.literal("delete-account"), account: z.string().min(1) }),
  z.object({ intent: z.literal("create-key"), account: z.string().min(1), name: apiKeyName, access: z.enum(["all", "scoped"]), scopes: z.array(keyScope), cap: capField }),
  z.object({ intent: z.literal("delete-key"), account: z.string().min(1), id: z.string().min(1) }),
]);

type ActionData = { intent?: string; account?: string; errors?: FieldErrors; notice?: string; created?: { name: string; key: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const form = await readForm(request);
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const parsed = intents.safeParse({ ...values, scopes: form.getAll("scopes") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ["name", "cap"].includes(String(issue.path[0])) ? String(issue.path[0]) : "form";
    return Response.json({ intent: String(values.intent ?? ""), account: String(values.account ?? ""), errors: { [field]: issue.message } } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "create-key") {
    if (input.access === "scoped" && input.scopes.length === 0) {
      return Response.json({ intent: input.intent, account: input.account, errors: { form: "Choose at least one permission, or all." } } satisfies ActionData, { status: 400 });
    }
    const created = await createServiceKey(database, viewer, input.account, { name: input.name, permissions: input.access === "all" ? "all" : input.scopes, characterLimit: input.cap, thirdPartyDisableAllowed: null });
    if (!created.ok) return Response.json({ intent: input.intent, account: input.account, errors: { form: created.message } } satisfies ActionData, { status: created.httpStatus });
    return { intent: input.intent, account: input.account, created: { name: input.name, key: created.key } } satisfies ActionData;
  }
  const result =
    input.intent === "create-account"
      ? await createServiceAccount(database, viewer, input.name)
      : input.intent === "delete-account"
        ? await deleteServiceAccount(database, viewer, input.account)
        : await deleteServiceKey(database, viewer, input.account, input.id);
  const account = "account" in input ? input.account : undefined;
  if (!result.ok) return Response.json({ intent: input.intent, account, errors: { form: result.message } } satisfies ActionData, { status: result.httpStatus });
  return { intent: input.intent, account, notice: "Saved." } satisfies ActionData;
}

const SCOPE_LABELS = new Map<string, string>(SCOPE_CHOICES.map((c) => [c.scope, c.label]));
const scopeText = (scopes: readonly string[] | null) => (scopes === null ? SERVICE_ACCOUNT_TEXTS.allPermissions : scopes.map((s) => SCOPE_LABELS.get(s) ?? s).join(", "));

export default function ServiceAccounts() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const created = result?.created;
  const createErrors = result?.intent === "create-account" ? (result.errors ?? {}) : {};
  if (!data.allowed) {
    return (
      <RefusedPage title="Service accounts" description={SERVICE_ACCOUNT_TEXTS.intro} testId="service-accounts-page" icon={<Bot />}>
        {SERVICE_ACCOUNT_TEXTS.adminsOnly}
      </RefusedPage>
    );
  }
  return (
    <Page title="Service accounts" description={SERVICE_ACCOUNT_TEXTS.intro} testId="service-accounts-page">
      <FormNotice>{result?.notice}</FormNotice>
      {result?.errors?.form && result.intent !== "create-key" ? <FormError>{result.errors.form}</FormError> : null}
      {created ? <SecretShownOnce message={SERVICE_ACCOUNT_TEXTS.created(created.name)} secret={created.key} copied="API key copied to clipboard" testId="new-service-key" /> : null}
      <Card>
        <CardHeader title="Create a service account" description="One for each system that calls the API for the workspace." />
        <CardContent>
          <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="create-service-account-form">
            <input type="hidden" name="intent" value="create-account" />
            <div className="flex-1">
              <Field label="Service account name" name="name" placeholder="e.g. Audiobook pipeline" aria-required="true" maxLength={100} error={createErrors.name} />
            </div>
            <Button type="submit" disabled={busy} className="sm:mt-6">
              <Plus aria-hidden="true" /> Create
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Section title="Service accounts">
        {data.accounts.length === 0 ? (
          <EmptyState icon={<Bot />} title={SERVICE_ACCOUNT_TEXTS.empty}>
            {SERVICE_ACCOUNT_TEXTS.emptyHint}
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            {data.accounts.map((account) => {
              const keyErrors = result?.intent === "create-key" && result.account === account.userId ? (result.errors ?? {}) : {};
              return (
                <Card key={account.userId} data-testid="service-account-card">
                  <CardHeader
                    title={account.name}
                    description={`${account.keys.length} ${account.keys.length === 1 ? "key" : "keys"}`}
                    actions={
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete-account" />
                        <input type="hidden" name="account" value={account.userId} />
                        <IconButton type="submit" label={`Delete service account ${account.name}`} icon={<Trash2 />} small />
                      </Form>
                    }
                  />
                  <CardContent className="flex flex-col gap-4">
                    {account.keys.length > 0 ? (
                      <Table>
                        <TableHead>
                          <tr>
                            <TableHeaderCell>Key</TableHeaderCell>
                            <TableHeaderCell className="hidden md:table-cell">Permissions</TableHeaderCell>
                            <TableHeaderCell>This month</TableHeaderCell>
                            <TableHeaderCell className="text-right">
                              <span className="sr-only">Actions</span>
                            </TableHeaderCell>
                          </tr>
                        </TableHead>
                        <tbody>
                          {account.keys.map((key) => (
                            <TableRow key={key.id} data-testid="service-key-row">
                              <TableCell className="font-medium">
                                {key.name} {key.isDisabled ? <Badge tone="warning">Disabled</Badge> : null}
                                <span className="block font-mono text-xs font-normal text-muted-foreground">{key.preview}</span>
                                <span className="block text-xs font-normal text-muted-foreground md:hidden">{scopeText(key.permissions)}</span>
                              </TableCell>
                              <TableCell className="hidden text-muted-foreground md:table-cell">{scopeText(key.permissions)}</TableCell>
                              <TableCell className="whitespace-nowrap text-muted-foreground">
                                {key.characterLimit === null ? `${key.characterCount.toLocaleString("en")} credits` : `${key.characterCount.toLocaleString("en")} / ${key.characterLimit.toLocaleString("en")}`}
                              </TableCell>
                              <TableCell className="py-2">
                                <Form method="post" className="flex justify-end">
                                  <input type="hidden" name="intent" value="delete-key" />
                                  <input type="hidden" name="account" value={account.userId} />
                                  <input type="hidden" name="id" value={key.id} />
                                  <IconButton type="submit" label={`Delete key ${key.name}`} icon={<Trash2 />} small />
                                </Form>
                              </TableCell>
                            </TableRow>
                          ))}
                        </tbody>
                      </Table>
                    ) : null}
                    <div className="rounded-lg border border-border p-3">
                      <h3 className="text-sm font-medium">Create a key</h3>
                      <Form method="post" noValidate className="mt-3 flex flex-col gap-3" data-testid="create-service-key-form">
                        <input type="hidden" name="intent" value="create-key" />
                        <input type="hidden" name="account" value={account.userId} />
                        <Field id={`key-name-${account.userId}`} label="Key name" name="name" placeholder="e.g. Production" aria-required="true" maxLength={100} error={keyErrors.name} />
                        <fieldset className="flex flex-col gap-2">
                          <legend className="mb-1 text-sm font-medium">Access</legend>
                          <label className="flex items-center gap-2 text-sm">
                            <input type="radio" name="access" value="scoped" defaultChecked className="size-4 accent-[var(--accent)]" /> Only the permissions below
                          </label>
                          <label className="flex items-center gap-2 text-sm">
                            <input type="radio" name="access" value="all" className="size-4 accent-[var(--accent)]" /> {SERVICE_ACCOUNT_TEXTS.allPermissions}
                          </label>
                        </fieldset>
                        <CheckboxGroup legend="Permissions" name="scopes" options={SCOPE_CHOICES.map((c) => ({ value: c.scope, label: c.label }))} checked={["text_to_speech"]} idPrefix={`scope-${account.userId}`} />
                        <Field id={`key-cap-${account.userId}`} label="Monthly credit cap (optional)" name="cap" inputMode="numeric" placeholder={SERVICE_ACCOUNT_TEXTS.noCap} error={keyErrors.cap} />
                        {keyErrors.form ? <Hint tone="error">{keyErrors.form}</Hint> : null}
                        <div>
                          <Button type="submit" disabled={busy}>
                            <KeyRound aria-hidden="true" /> Create key
                          </Button>
                        </div>
                      </Form>
                    </div>
                  </CardContent>
                </Card>
              );
            })}
          </div>
        )}
      </Section>
    </Page>
  );
}
