import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { KeyRound, Pencil, Webhook } from "lucide-react";
import type { ReactNode } from "react";
import { z } from "zod";
import { parseFormData } from "~/common/form.server";
import { Field, FormNotice } from "~/common/components/form";
import { Button, LinkButton } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Page, Section } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { createSecret, deleteSecret, findSecret, listSecrets, mcpServersAllowed, postCallWebhookChoices, requireAgentsViewer, secretUsers, updateConvaiSettings, updateSecret } from "~/agents/agents.server";
import { SECRET_LIMITS, SECRET_TEXTS, SECRETS_PAGE_TEXTS } from "~/agents/rules/secrets";
import { SETTINGS_PAGE_TEXTS } from "~/agents/rules/settings";
import { AddFormCard } from "~/agents/components/add-form-card";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";
import { AgentsTable, DeleteRowButton, UsedBy } from "~/agents/components/agents-table";
import { InUseRefusal } from "~/agents/components/in-use-refusal";
import { SearchForm } from "~/agents/components/search-form";

export const meta: MetaFunction = () => [{ title: `Agent settings · ${PRODUCT_NAME}` }];

const PAGE = "/app/conversational-ai/settings";
const WEBHOOKS_PAGE = "/app/workspace/webhooks";
const notFound = () => new Response(SECRET_TEXTS.notFound, { status: 404 });
const named = (rows: readonly { id: string; name: string }[]) => rows.map((r) => ({ id: r.id, name: r.name }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const params = new URL(request.url).searchParams;
  const search = params.get("q")?.trim().slice(0, 200) || undefined;
  const replaceId = params.get("replace")?.slice(0, 100);
  const [{ secrets }, postCall, mcpAllowed] = await Promise.all([listSecrets(env, viewer, { pageSize: SECRET_LIMITS.pageSize, search }), postCallWebhookChoices(env, viewer), mcpServersAllowed(env, viewer.membership.workspace.id)]);
  const users = await Promise.all(secrets.map((s) => secretUsers(env, s.workspaceId, s.id)));
  // A secret named in the address that is not this workspace's answers 404, as the API does.
  const replacing = replaceId ? await findSecret(env, viewer, replaceId) : null;
  if (replaceId && !replacing) throw notFound();
  return {
    search: search ?? "",
    postCall,
    mcpAllowed,
    // Never the value: the page knows a secret by its name, what uses it and when its value was last set.
    secrets: secrets.map((s, i) => ({ id: s.id, name: s.name, updatedAt: s.updatedAt, agents: named(users[i]!.agents), tools: named(users[i]!.tools) })),
    replacing: replacing ? { id: replacing.id, name: replacing.name } : null,
  };
}

const secretName = z.string().trim().min(1, SECRETS_PAGE_TEXTS.nameMissing).max(SECRET_LIMITS.name, SECRETS_PAGE_TEXTS.nameTooLong);
const secretValue = z.string().min(1, SECRETS_PAGE_TEXTS.valueMissing).max(SECRET_LIMITS.value, SECRETS_PAGE_TEXTS.valueTooLong);
const secretId = z.string().min(1).max(100);
const forms = {
  create: z.object({ name: secretName, value: secretValue }),
  replace: z.object({ secret_id: secretId, name: secretName, value: secretValue }),
  delete: z.object({ secret_id: secretId }),
  // "" is every subscribed webhook (the setting removed); otherwise the webhook's id, checked by the settings' own rules.
  postCall: z.object({ webhook_id: z.string().max(100, SETTINGS_PAGE_TEXTS.webhookMissing) }),
};

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; created?: string; replaced?: string; deleted?: boolean; saved?: boolean; inUse?: { id: string; message: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ intent: "", error: SECRETS_PAGE_TEXTS.notAForm } satisfies ActionResult, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  const answer = (result: ActionResult, status = 200) => Response.json(result, { status });
  if (intent === "create") {
    const parsed = await parseFormData(form, forms.create);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    const row = await createSecret(env, viewer, parsed.data);
    return answer({ intent, created: row.name });
  }
  if (intent === "replace") {
    const parsed = await parseFormData(form, forms.replace);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, parsed.errors.secret_id ? 404 : 400);
    const row = await updateSecret(env, viewer, parsed.data.secret_id, { name: parsed.data.name, value: parsed.data.value });
    return row ? answer({ intent, replaced: row.name }) : answer({ intent, error: SECRET_TEXTS.notFound }, 404);
  }
  if (intent === "delete") {
    const parsed = await parseFormData(form, forms.delete);
    if (!parsed.ok) return answer({ intent, error: SECRET_TEXTS.notFound }, 404);
    const deleted = await deleteSecret(env, viewer, parsed.data.secret_id);
    if (deleted.ok) return answer({ intent, deleted: true });
    // The API has no force for secrets: the reason names what uses it, to be changed first.
    if (deleted.refusal.status === "secret_in_use") return answer({ intent, inUse: { id: parsed.data.secret_id, message: deleted.refusal.message } }, 409);
    return answer({ intent, error: deleted.refusal.message }, deleted.refusal.httpStatus);
  }
  if (intent === "mcp") {
    // A checkbox: present when ticked.
    const updated = await updateConvaiSettings(env, viewer, { can_use_mcp_servers: form.get("allow") === "on" });
    return updated.ok ? answer({ intent, saved: true }) : answer({ intent, error: updated.refusal.message }, updated.refusal.httpStatus);
  }
  if (intent === "post-call-webhook") {
    const parsed = await parseFormData(form, forms.postCall);
    if (!parsed.ok) return answer({ intent, error: SETTINGS_PAGE_TEXTS.webhookMissing }, 400);
    const updated = await updateConvaiSettings(env, viewer, { webhooks: { post_call_webhook_id: parsed.data.webhook_id || null } });
    return updated.ok ? answer({ intent, saved: true }) : answer({ intent, error: updated.refusal.message }, updated.refusal.httpStatus);
  }
  return answer({ intent, error: "Unknown action." }, 400);
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export default function AgentSettings() {
  const { secrets, search, replacing, postCall, mcpAllowed } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const navigate = useNavigate();
  const back = () => navigate(search ? `${PAGE}?q=${encodeURIComponent(search)}` : PAGE, { preventScrollReset: true });
  const errorsOf = (intent: string) => (result?.intent === intent ? (result.errors ?? {}) : {});
  const errorOf = (intent: string) => (result?.intent === intent && result.error ? <Hint tone="error">{result.error}</Hint> : null);
  const replaceLink = (id: string) => `${PAGE}?${new URLSearchParams({ ...(search ? { q: search } : {}), replace: id })}`;
  const notice = result?.created
    ? SECRETS_PAGE_TEXTS.created(result.created)
    : result?.replaced
      ? SECRETS_PAGE_TEXTS.replaced(result.replaced)
      : result?.deleted
        ? SECRETS_PAGE_TEXTS.deleted
        : result?.saved
          ? result.intent === "mcp"
            ? SETTINGS_PAGE_TEXTS.mcpSaved
            : SETTINGS_PAGE_TEXTS.saved
          : null;
  return (
    <Page title="Agent settings" description={SETTINGS_PAGE_TEXTS.intro} testId="agent-settings-page">
      <AgentsAreaLinks />
      <FormNotice>{notice}</FormNotice>
      <PostCallWebhook postCall={postCall} busy={busy} error={errorOf("post-call-webhook")} />
      <Card>
        <CardHeader title="MCP servers" description={SETTINGS_PAGE_TEXTS.mcpExplained} />
        <CardContent>
          <Form method="post" className="flex flex-wrap items-center gap-3" data-testid="mcp-setting-form">
            <input type="hidden" name="intent" value="mcp" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="allow" defaultChecked={mcpAllowed} className="size-4 accent-[var(--accent)]" /> {SETTINGS_PAGE_TEXTS.mcpAllow}
            </label>
            <Button type="submit" size="sm" variant="secondary" disabled={busy}>
              Save
            </Button>
            {errorOf("mcp")}
          </Form>
        </CardContent>
      </Card>
      <Section title="Secrets" description={SECRETS_PAGE_TEXTS.intro}>
        {/* Keyed on the last secret added, so that the value typed is cleared once it is stored. */}
        <AddFormCard title="Add a secret" description={SECRETS_PAGE_TEXTS.valueOnce} intent="create" testId="add-secret-form" icon={KeyRound} action="Add secret" busy={busy} error={errorOf("create")} resetKey={result?.created ?? "new"} autoComplete="off">
          <SecretFields errors={errorsOf("create")} idPrefix="new-secret" />
        </AddFormCard>
        <div className="mt-4">
          <SearchForm id="secret-search" search={search} />
          {result?.inUse ? <InUseRefusal message={result.inUse.message} busy={busy} /> : null}
          {errorOf("delete")}
          <AgentsTable
            rows={secrets}
            rowTestId="secret-row"
            empty={{ icon: <KeyRound />, title: search ? SECRETS_PAGE_TEXTS.noMatch : SECRETS_PAGE_TEXTS.empty, hint: search ? null : SECRETS_PAGE_TEXTS.emptyHint }}
            columns={[
              {
                header: "Secret",
                cell: (s) => (
                  <>
                    <div className="break-words font-medium">{s.name}</div>
                    <div className="text-xs text-muted-foreground">{`Value set ${dateOf(s.updatedAt)}`}</div>
                  </>
                ),
              },
              { header: "Used by", cell: (s) => <UsedBy agents={s.agents} tools={s.tools} none={SECRETS_PAGE_TEXTS.unused} /> },
              {
                header: "Actions",
                srOnlyHeader: true,
                cell: (s) => (
                  <div className="flex items-center justify-end gap-1">
                    <LinkButton to={replaceLink(s.id)} preventScrollReset size="sm" variant="ghost" aria-label={`Replace the value of ${s.name}`}>
                      <Pencil aria-hidden="true" />
                    </LinkButton>
                    <DeleteRowButton idField="secret_id" id={s.id} name={s.name} busy={busy} />
                  </div>
                ),
              },
            ]}
          />
        </div>
      </Section>
      {replacing && !(result?.intent === "replace" && result.replaced) ? (
        <Dialog title={`Replace ${replacing.name}`} description={SECRETS_PAGE_TEXTS.replaceExplained} onClose={back} testId="replace-secret-dialog">
          <Form method="post" className="flex flex-col gap-3" noValidate autoComplete="off">
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="secret_id" value={replacing.id} />
            <SecretFields errors={errorsOf("replace")} idPrefix="replace-secret" name={replacing.name} />
            {errorOf("replace")}
            <DialogActions onCancel={back}>
              <Button type="submit" disabled={busy}>
                Replace
              </Button>
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
    </Page>
  );
}

/** A secret's name and value; the value field is a password field and is never filled in from what is stored. */
function SecretFields({ errors, idPrefix, name }: { errors: Record<string, string>; idPrefix: string; name?: string }) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Name" name="name" placeholder="Orders API key" maxLength={SECRET_LIMITS.name} aria-required="true" defaultValue={name} error={errors.name} />
      <Field id={`${idPrefix}-value`} label={name ? "New value" : "Value"} name="value" type="password" autoComplete="new-password" maxLength={SECRET_LIMITS.value} aria-required="true" error={errors.value} />
    </>
  );
}

type PostCall = ReturnType<typeof useLoaderData<typeof loader>>["postCall"];

/**
 * The one setting that changes what happens here (decision 0080): where ended conversations are sent. Only the
 * workspace's webhooks that subscribe to post_call_transcription are offered, the only ones the setting accepts.
 */
function PostCallWebhook({ postCall, busy, error }: { postCall: PostCall; busy: boolean; error: ReactNode }) {
  const webhooksLink = (
    <Link className="underline underline-offset-4" to={WEBHOOKS_PAGE}>
      Webhooks
    </Link>
  );
  const currentName = postCall.current ? (postCall.webhooks.find((w) => w.id === postCall.current)?.name ?? postCall.current) : null;
  return (
    <Card data-testid="post-call-webhook">
      <CardHeader title="Post-call webhook" description={SETTINGS_PAGE_TEXTS.postCallExplained} />
      <CardContent className="flex flex-col gap-3">
        {postCall.refusal !== null ? (
          <>
            <p className="text-sm">{currentName ? SETTINGS_PAGE_TEXTS.sentTo(currentName) : SETTINGS_PAGE_TEXTS.sentToEvery}</p>
            <Hint>{postCall.refusal}</Hint>
          </>
        ) : postCall.webhooks.length === 0 && !postCall.current ? (
          <Hint>
            {SETTINGS_PAGE_TEXTS.noSubscribed} {webhooksLink}.
          </Hint>
        ) : (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="post-call-webhook" />
            <fieldset className="flex flex-col gap-2">
              <legend className="sr-only">Where ended conversations are sent</legend>
              <Choice value="" label={SETTINGS_PAGE_TEXTS.every} checked={!postCall.current} />
              {postCall.webhooks.map((w) => (
                <Choice key={w.id} value={w.id} label={w.disabled ? `${w.name} (${SETTINGS_PAGE_TEXTS.disabled})` : w.name} hint={w.url} checked={postCall.current === w.id} />
              ))}
            </fieldset>
            {postCall.current && !postCall.webhooks.some((w) => w.id === postCall.current) ? <Hint tone="error">{SETTINGS_PAGE_TEXTS.currentGone}</Hint> : null}
            <Hint>
              {SETTINGS_PAGE_TEXTS.subscribeMore} {webhooksLink}.
            </Hint>
            {error}
            <Button type="submit" disabled={busy} className="self-start">
              <Webhook aria-hidden="true" /> Save
            </Button>
          </Form>
        )}
        <p className="text-xs text-muted-foreground">{SETTINGS_PAGE_TEXTS.notShown}</p>
      </CardContent>
    </Card>
  );
}

function Choice({ value, label, hint, checked }: { value: string; label: string; hint?: string; checked: boolean }) {
  const id = `post-call-${value || "every"}`;
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="radio" name="webhook_id" value={value} defaultChecked={checked} className="mt-1 size-4 accent-primary" />
      <label htmlFor={id} className="text-sm">
        {label}
        {hint ? <span className="block break-all text-xs text-muted-foreground">{hint}</span> : null}
      </label>
    </div>
  );
}
