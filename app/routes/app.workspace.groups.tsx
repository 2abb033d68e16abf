import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Plus, Save, Trash2, UserMinus, UserPlus, Users } from "lucide-react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Label } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { emailField } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin } from "../../core/workspace/roles";
import { GROUP_PERMISSIONS, groupPermission, PERMISSION_LABELS } from "../../core/workspace/permissions";
import { allMembersPermissions, db, permissionsOf, requireViewer } from "~/accounts/accounts.server";
import { readForm, type FieldErrors } from "~/common/form.server";
import { addToGroup, createGroup, editGroup, removeFromGroup, removeGroup, setAllMembersPermissions, workspaceGroups } from "~/workspace/groups.server";
import { membersAndInvites } from "~/workspace/workspace.server";
import { GROUP_TEXTS, groupName } from "~/workspace/rules/groups";
import { CheckboxGroup } from "~/workspace/components/checkbox-group";

export const meta: MetaFunction = () => [{ title: `Groups · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const [groups, { members }, mine] = await Promise.all([workspaceGroups(database, viewer), membersAndInvites(database, viewer), permissionsOf(database, viewer)]);
  return {
    admin: isAdmin(viewer.membership.role),
    allMembers: allMembersPermissions(viewer),
    mine,
    groups,
    members: members.map((m) => m.email),
  };
}

const PERMISSION_OPTIONS = GROUP_PERMISSIONS.map((p) => ({ value: p, label: PERMISSION_LABELS[p] }));
const permissionList = z.array(groupPermission);
const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: groupName, permissions: permissionList }),
  z.object({ intent: z.literal("permissions"), id: z.string().min(1), permissions: permissionList }),
  z.object({ intent: z.literal("all-members"), permissions: permissionList }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
  z.object({ intent: z.literal("add-member"), id: z.string().min(1), email: emailField }),
  z.object({ intent: z.literal("remove-member"), id: z.string().min(1), email: emailField }),
]);

type ActionData = { intent?: string; id?: string; errors?: FieldErrors; notice?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const form = await readForm(request);
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const parsed = intents.safeParse({ ...values, permissions: form.getAll("permissions") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === "name" || issue.path[0] === "email" ? String(issue.path[0]) : "form";
    return Response.json({ intent: String(values.intent ?? ""), id: String(values.id ?? ""), errors: { [field]: issue.message } } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  const result =
    input.intent === "create"
      ? await createGroup(database, viewer, input.name, input.permissions)
      : input.intent === "permissions"
        ? await editGroup(database, viewer, input.id, { permissions: input.permissions })
        : input.intent === "all-members"
          ? await setAllMembersPermissions(database, viewer, input.permissions)
          : input.intent === "delete"
            ? await removeGroup(database, viewer, input.id)
            : input.intent === "add-member"
              ? await addToGroup(database, viewer, input.id, input.email)
              : await removeFromGroup(database, viewer, input.id, input.email);
  const id = "id" in input ? input.id : undefined;
  if (!result.ok) {
    const field = input.intent === "create" && result.status === "group_name_taken" ? "name" : input.intent === "add-member" && result.status === "member_not_found" ? "email" : "form";
    return Response.json({ intent: input.intent, id, errors: { [field]: result.message } } satisfies ActionData, { status: result.httpStatus });
  }
  return { intent: input.intent, id, notice: "Saved." } satisfies ActionData;
}

const labels = (permissions: readonly string[]) => (permissions.length === 0 ? "None" : permissions.map((p) => PERMISSION_LABELS[p as keyof typeof PERMISSION_LABELS]).join(", "));

export default function Groups() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const errorsFor = (intent: string, id?: string) => (result?.intent === intent && (id === undefined || result.id === id) ? (result.errors ?? {}) : {});
  const createErrors = errorsFor("create");
  return (
    <Page title="Groups" description={GROUP_TEXTS.intro} testId="groups-page">
      <FormNotice>{result?.notice}</FormNotice>
      {result?.errors?.form && !result.id && result.intent !== "create" ? <FormError>{result.errors.form}</FormError> : null}
      <Card>
        <CardHeader title={GROUP_TEXTS.allMembers} description={GROUP_TEXTS.allMembersHint} />
        <CardContent className="flex flex-col gap-3">
          {data.admin ? (
            <Form method="post" className="flex flex-col gap-3" data-testid="all-members-form">
              <input type="hidden" name="intent" value="all-members" />
              <CheckboxGroup legend="Every member may use" name="permissions" options={PERMISSION_OPTIONS} checked={data.allMembers} idPrefix="all" />
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  <Save aria-hidden="true" /> Save
                </Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm">{labels(data.allMembers)}</p>
          )}
          <p className="text-sm text-muted-foreground" data-testid="my-permissions">
            You may use: {labels(data.mine)}
          </p>
        </CardContent>
      </Card>
      {data.admin ? (
        <Card>
          <CardHeader title="Create a group" description="Name it after a team; choose what its members may do beyond every member." />
          <CardContent>
            <Form method="post" noValidate className="flex flex-col gap-3" data-testid="create-group-form">
              <input type="hidden" name="intent" value="create" />
              <Field label="Group name" name="name" placeholder="e.g. Narrators" aria-required="true" maxLength={100} error={createErrors.name} />
              <CheckboxGroup legend="Members of the group may use" name="permissions" options={PERMISSION_OPTIONS} checked={[]} idPrefix="new" />
              {createErrors.form ? <Hint tone="error">{createErrors.form}</Hint> : null}
              <div>
                <Button type="submit" disabled={busy}>
                  <Plus aria-hidden="true" /> Create group
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      <Section title="Groups">
        {data.groups.length === 0 ? (
          <EmptyState icon={<Users />} title={GROUP_TEXTS.empty}>
            {data.admin ? GROUP_TEXTS.emptyHint : GROUP_TEXTS.adminsOnly}
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            {data.groups.map((group) => {
              const memberErrors = errorsFor("add-member", group.id);
              const formError = result?.id === group.id ? result.errors?.form : undefined;
              const candidates = data.members.filter((email) => !group.members.some((m) => m.email === email));
              return (
                <Card key={group.id} data-testid="group-card">
                  <CardHeader
                    title={group.name}
                    description={`${group.members.length} ${group.members.length === 1 ? "member" : "members"} · ${labels(group.permissions)}`}
                    actions={
                      data.admin ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={group.id} />
                          <IconButton type="submit" label={`Delete group ${group.name}`} icon={<Trash2 />} small />
                        </Form>
                      ) : null
                    }
                  />
                  <CardContent className="flex flex-col gap-4">
                    {formError ? <Hint tone="error">{formError}</Hint> : null}
                    <ul className="flex flex-wrap gap-2" aria-label={`Members of ${group.name}`}>
                      {group.members.map((m) => (
                        <li key={m.userId}>
                          <Badge className="gap-1 py-1">
                            {m.email}
                            {data.admin ? (
                              <Form method="post" className="inline">
                                <input type="hidden" name="intent" value="remove-member" />
                                <input type="hidden" name="id" value={group.id} />
                                <input type="hidden" name="email" value={m.email} />
                                <button type="submit" className="ml-1 rounded-full p-0.5 hover:bg-muted" aria-label={`Remove ${m.email} from ${group.name}`}>
                                  <UserMinus aria-hidden="true" className="size-3.5" />
                                </button>
                              </Form>
                            ) : null}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                    {data.admin ? (
                      <>
                        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end" data-testid="add-member-form">
                          <input type="hidden" name="intent" value="add-member" />
                          <input type="hidden" name="id" value={group.id} />
                          <div className="flex min-w-0 flex-1 flex-col gap-1">
                            <Label htmlFor={`add-${group.id}`}>Add a member</Label>
                            <Select
                              id={`add-${group.id}`}
                              label="Add a member"
                              name="email"
                              defaultValue={candidates[0] ?? ""}
                              options={candidates.length ? candidates.map((email) => ({ value: email, label: email })) : [{ value: "", label: "Everyone is in this group" }]}
                              disabled={candidates.length === 0}
                            />
                          </div>
                          <Button type="submit" variant="secondary" disabled={busy || candidates.length === 0}>
                            <UserPlus aria-hidden="true" /> Add
                          </Button>
                        </Form>
                        {memberErrors.email ? <Hint tone="error">{memberErrors.email}</Hint> : null}
                        <Form method="post" className="flex flex-col gap-3" data-testid="group-permissions-form">
                          <input type="hidden" name="intent" value="permissions" />
                          <input type="hidden" name="id" value={group.id} />
                          <CheckboxGroup legend="Members of the group may use" name="permissions" options={PERMISSION_OPTIONS} checked={group.permissions} idPrefix={group.id} />
                          <div>
                            <Button type="submit" variant="secondary" disabled={busy}>
                              <Save aria-hidden="true" /> Save permissions
                            </Button>
                          </div>
                        </Form>
                      </>
                    ) : null}
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
