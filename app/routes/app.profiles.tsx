import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Input, Label } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { changeHandle } from "~/publishing/publishing.server";
import { HANDLE_MAX, HANDLE_MIN, OLD_HANDLE_REDIRECT_DAYS, profilePath } from "~/publishing/rules/profiles";

export const meta: MetaFunction = () => [{ title: `Public profile · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return { handle: viewer.user.profilePageHandle };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const changed = await changeHandle(context.cloudflare.env, viewer, String(form.get("profile_page_handle") ?? ""));
  if (!changed.ok) return Response.json({ error: changed.refusal.message }, { status: changed.refusal.httpStatus });
  return { saved: changed.handle };
}

export default function ProfileSettings() {
  const { handle } = useLoaderData<typeof loader>();
  const result = useActionData<{ error?: string; saved?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page title="Public profile" description="Your page shows the voices you share in the library and the reads you publish.">
      <Card>
        <CardHeader
          title="Handle"
          description={`Your profile's address. ${HANDLE_MIN} to ${HANDLE_MAX} characters: lowercase letters, digits, hyphens and underscores, starting with a letter. After a change the old address keeps leading to your profile for ${OLD_HANDLE_REDIRECT_DAYS} days.`}
        />
        <CardContent>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="profile-handle">Handle</Label>
              <Input id="profile-handle" name="profile_page_handle" defaultValue={handle ?? ""} required minLength={HANDLE_MIN} maxLength={HANDLE_MAX} autoComplete="off" className="w-64" />
            </div>
            <Button type="submit" disabled={busy}>
              Save handle
            </Button>
          </Form>
          <div className="mt-3 space-y-2">
            <FormError>{result?.error}</FormError>
            {result?.saved ? (
              <p role="status" className="text-sm text-muted-foreground">
                Saved.
              </p>
            ) : null}
            {handle ? (
              <p className="text-sm">
                Your profile:{" "}
                <a href={profilePath(handle)} className="underline">
                  {profilePath(handle)}
                </a>
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">Choose a handle to get a public profile.</p>
            )}
          </div>
        </CardContent>
      </Card>
    </Page>
  );
}
