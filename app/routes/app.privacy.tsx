import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { LinkButton } from "~/common/ui/button";
import { Card, CardContent } from "~/common/ui/card";
import { Page } from "~/common/ui/page";
import { z } from "zod";
import { TrainingOptOutSwitch } from "~/accounts/components/privacy";
import { FormError, FormNotice } from "~/common/components/form";
import { acceptBiometricTerms, db, requireViewer } from "~/accounts/accounts.server";
import { updateWorkspaceSettings } from "~/workspace/workspace.server";
import type { PrivacyActionDone } from "~/accounts/rules/privacy";
import { actionFailure, isActionFailure, type ActionFailure } from "~/common/rules/action-result";
import { errorToastText } from "~/common/rules/toasts";
import { parseForm } from "~/common/form.server";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin, TRAINING_OPT_OUT_UPDATED } from "../../core/workspace/roles";
import type { AppLayoutData } from "./app";

export const meta: MetaFunction = () => [{ title: `Privacy settings · ${PRODUCT_NAME}` }];

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept-bipa-terms") }),
  z.object({ intent: z.literal("training-opt-out"), training_opt_out: z.enum(["true", "false"]) }),
]);

/**
 * The biometric-terms gate (app layout) and the training opt-out switch (home page) post here through a
 * fetcher; the same functions as POST /v1/user/accept-bipa-terms and /v1/workspace/update-workspace.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) return actionFailure(400, Object.values(parsed.errors)[0] ?? "Unknown action");
  const input = parsed.data;
  if (input.intent === "accept-bipa-terms") {
    await acceptBiometricTerms(db(context), viewer.user.id);
    return { intent: input.intent, message: null } satisfies PrivacyActionDone;
  }
  const result = await updateWorkspaceSettings(db(context), viewer, { trainingOptOut: input.training_opt_out === "true" });
  if (!result.ok) return actionFailure(result.httpStatus, result.message);
  return { intent: input.intent, message: TRAINING_OPT_OUT_UPDATED } satisfies PrivacyActionDone;
}

/** Where those forms land without JavaScript: the outcome and the switch again. */
export default function PrivacySettings() {
  const data = useRouteLoaderData<AppLayoutData>("routes/app");
  const result = useActionData<typeof action>() as PrivacyActionDone | ActionFailure | undefined;
  if (!data) return null;
  return (
    <Page title="Privacy settings" description="Whether this workspace's content may be used to train models." testId="privacy-page">
      {isActionFailure(result) ? <FormError>{errorToastText(result.error)}</FormError> : <FormNotice>{result?.message}</FormNotice>}
      <Card>
        {/* pb-1: the switch's form ends with its own bottom margin (it is shared with the dialog). */}
        <CardContent className="pb-1 pt-5">
          <TrainingOptOutSwitch isAdmin={isAdmin(data.workspace.role)} optedOut={data.workspace.trainingOptOut} saveButton />
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-2">
        {/* -ml-3: the ghost button's text lines up with the page's left edge. */}
        <LinkButton to="/app/home" variant="ghost" className="-ml-3">
          <ArrowLeft aria-hidden="true" /> Back to the main screen
        </LinkButton>
        <LinkButton to="/privacy" variant="ghost">
          Privacy policy
        </LinkButton>
      </div>
    </Page>
  );
}
