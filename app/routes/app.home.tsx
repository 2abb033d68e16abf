import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { TrainingOptOutDialog } from "~/accounts/components/privacy";
import { useToast } from "~/common/components/toasts";
import { EMAIL_CHANGE_RESULT_PARAM, emailChangeResultToast } from "~/accounts/rules/account-actions";
import { applyEmailChange, db, requireViewer } from "~/accounts/accounts.server";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin } from "../../core/workspace/roles";
import type { AppLayoutData } from "./app";

export const meta: MetaFunction = () => [{ title: `Home · ${PRODUCT_NAME}` }];

/**
 * An e-mail change (or its revert) link lands here with internalCode and isReverting: the code is applied
 * once, then the page redirects to itself with only the outcome, so a reload or a revalidation never
 * redeems it again. The page shows the outcome as a toast.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("internalCode");
  if (code === null || !url.searchParams.has("isReverting")) return null;
  const { user } = await requireViewer(request, context);
  const result = await applyEmailChange(db(context), user, code);
  return redirect(`/app/home?${EMAIL_CHANGE_RESULT_PARAM}=${result.ok ? "updated" : result.failure}`);
}

/** The main screen. It reads newUser, internalCode, isReverting and training_opt_out (spec §2.3). */
export default function AppHome() {
  const data = useRouteLoaderData<AppLayoutData>("routes/app");
  const [params, setParams] = useSearchParams();
  const [optOutOpen, setOptOutOpen] = useState(params.get("training_opt_out") === "true");
  const newUser = params.get("newUser") === "true";

  const toast = useToast();
  const emailChangeResult = params.get(EMAIL_CHANGE_RESULT_PARAM);
  useEffect(() => {
    // The loader applied an e-mail change link: show its outcome once, then drop it from the address bar.
    if (emailChangeResult === null) return;
    const shown = emailChangeResultToast(emailChangeResult);
    if (shown) toast.show(shown.text, shown.kind);
    setParams({}, { replace: true });
  }, [emailChangeResult, toast, setParams]);

  useEffect(() => {
    // Held for the account-action dialogs, which append them to their continue redirect once.
    try {
      const internalCode = params.get("internalCode");
      if (internalCode) localStorage.setItem("internalVerificationCode", internalCode);
      if (newUser) localStorage.setItem("newUser", "true");
    } catch {
      // storage unavailable
    }
  }, [params, newUser]);

  if (!data) return null;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{newUser ? `Welcome to ${PRODUCT_NAME}!` : `Welcome back${data.user.firstName ? `, ${data.user.firstName}` : ""}`}</h1>
        <p className="text-muted-foreground">Workspace: {data.workspace.name}</p>
      </div>
      {!data.user.emailVerified ? (
        <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950">
          Please verify your e-mail address: we sent you a link.
        </div>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <Link to="/app/onboarding-checklist" className="block rounded-xl border border-border p-4 hover:bg-zinc-50 dark:hover:bg-zinc-900">
            <span className="font-medium">Getting started</span>
            <span className="block text-sm text-muted-foreground">Your onboarding checklist</span>
          </Link>
        </li>
        <li>
          <Link to="/app/settings/api-keys" className="block rounded-xl border border-border p-4 hover:bg-zinc-50 dark:hover:bg-zinc-900">
            <span className="font-medium">API keys</span>
            <span className="block text-sm text-muted-foreground">Use the API from your code</span>
          </Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => setOptOutOpen(true)}
            className="block w-full rounded-xl border border-border p-4 text-left hover:bg-zinc-50 dark:hover:bg-zinc-900"
          >
            <span className="font-medium">Privacy settings</span>
            <span className="block text-sm text-muted-foreground">Training opt-out for this workspace</span>
          </button>
        </li>
      </ul>
      {optOutOpen ? (
        <TrainingOptOutDialog
          isAdmin={isAdmin(data.workspace.role)}
          optedOut={data.workspace.trainingOptOut}
          onClose={() => {
            setOptOutOpen(false);
            if (params.has("training_opt_out")) {
              params.delete("training_opt_out");
              setParams(params, { replace: true });
            }
          }}
        />
      ) : null}
    </div>
  );
}
