import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { CHECKLIST_ITEMS, checklistItemId, type ChecklistUpdate } from "~/accounts/rules/onboarding";
import { completeChecklistItem, db, markChecklistComplete, noteChecklistOpened, onboardingChecklist, requireViewer, setChecklistHidden } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { log } from "~/common/log.server";

export const meta: MetaFunction = () => [{ title: `Getting started · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireViewer(request, context);
  await noteChecklistOpened(db(context), user);
  return onboardingChecklist(db(context), user.id);
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["hide", "show", "mark-complete"]) }),
  // A feature's checklist event (useCompleteChecklistItem posts it through a fetcher), as POST /v1/user/onboarding/update.
  z.object({ intent: z.literal("complete"), item_id: checklistItemId }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireViewer(request, context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) return Response.json({ error: "Unknown action" }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "complete") {
    try {
      const newlyCompleted = await completeChecklistItem(db(context), user.id, input.item_id);
      return { ...(await onboardingChecklist(db(context), user.id)), newly_completed: newlyCompleted } satisfies ChecklistUpdate;
    } catch (error) {
      // The checklist never blocks the feature that triggered it: a failure is the fetcher's data, not an error page.
      log("error", "onboarding checklist update failed", { error: String(error) });
      return Response.json({ error: "The checklist could not be updated." }, { status: 500 });
    }
  }
  if (input.intent === "mark-complete") await markChecklistComplete(db(context), user.id);
  else await setChecklistHidden(db(context), user.id, input.intent === "hide");
  return null;
}

export default function OnboardingChecklist() {
  const state = useLoaderData<typeof loader>();
  const done = new Set(state.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Getting started</h1>
          <p className="text-sm text-muted-foreground">
            {done.size} of {CHECKLIST_ITEMS.length} done{state.completed ? " · Checklist complete" : ""}
          </p>
        </div>
        <div className="flex gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={state.hidden ? "show" : "hide"} />
            <Button type="submit" variant="secondary">
              {state.hidden ? "Show checklist" : "Hide checklist"}
            </Button>
          </Form>
          {!state.completed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="mark-complete" />
              <Button type="submit" variant="ghost">
                Mark as complete
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
      {state.hidden ? (
        <p className="text-sm text-muted-foreground">The checklist is hidden. Completed steps are still recorded.</p>
      ) : (
        <ol className="space-y-3">
          {CHECKLIST_ITEMS.map((item) => (
            <li key={item.id} data-testid="checklist-item" data-completed={done.has(item.id)} className="flex items-center gap-4 rounded-xl border border-border p-4">
              <span aria-hidden className={`flex h-6 w-6 items-center justify-center rounded-full text-xs ${done.has(item.id) ? "bg-emerald-500 text-white" : "border border-input"}`}>
                {done.has(item.id) ? "✓" : ""}
              </span>
              <div className="flex-1">
                <p className="font-medium">
                  {item.title}
                  {done.has(item.id) ? <span className="sr-only"> (done)</span> : null}
                </p>
                <p className="text-sm text-muted-foreground">{item.description}</p>
              </div>
              {APP_SECTIONS.some((section) => section.to === item.landing) ? (
                <Link to={item.landing} className="text-sm underline">
                  {item.button}
                </Link>
              ) : (
                <span className="text-xs text-zinc-400">Coming soon</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
