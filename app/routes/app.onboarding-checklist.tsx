import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Check } from "lucide-react";
import { z } from "zod";
import { Button, LinkButton } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { achievableChecklistItems, checklistItemId, type ChecklistUpdate } from "~/accounts/rules/onboarding";
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

/** Only what can be done today: an item appears once the page it leads to exists (its area has landed). */
const SHOWN_ITEMS = achievableChecklistItems(APP_SECTIONS.map((section) => section.to));

export default function OnboardingChecklist() {
  const state = useLoaderData<typeof loader>();
  const done = new Set(state.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id));
  const doneCount = SHOWN_ITEMS.filter((item) => done.has(item.id)).length;
  return (
    <Page
      title="Getting started"
      width="narrow"
      description={`${doneCount} of ${SHOWN_ITEMS.length} done${state.completed ? " · Checklist complete" : ""}`}
      actions={
        <>
          <Form method="post">
            <input type="hidden" name="intent" value={state.hidden ? "show" : "hide"} />
            <Button type="submit" variant="secondary" size="sm">
              {state.hidden ? "Show checklist" : "Hide checklist"}
            </Button>
          </Form>
          {!state.completed ? (
            <Form method="post">
              <input type="hidden" name="intent" value="mark-complete" />
              <Button type="submit" variant="ghost" size="sm">
                Mark as complete
              </Button>
            </Form>
          ) : null}
        </>
      }
    >
      {state.hidden ? (
        <p className="text-sm text-muted-foreground">The checklist is hidden. Completed steps are still recorded.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {SHOWN_ITEMS.map((item) => {
            const isDone = done.has(item.id);
            return (
              <li key={item.id} data-testid="checklist-item" data-completed={isDone}>
                {/* On a phone the button goes under the text (aligned with it), so the text keeps the card's width. */}
                <Card className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 p-4 sm:grid-cols-[auto_1fr_auto]">
                  <span aria-hidden="true" className={cn("flex size-7 shrink-0 items-center justify-center rounded-full", isDone ? "bg-accent text-primary-foreground" : "border border-input")}>
                    {isDone ? <Check className="size-4" strokeWidth={3} /> : null}
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium">
                      {item.title}
                      {isDone ? <span className="sr-only"> (done)</span> : null}
                    </p>
                    <p className="text-sm text-muted-foreground">{item.description}</p>
                  </div>
                  <LinkButton to={item.landing} variant={isDone ? "ghost" : "secondary"} size="sm" className="col-start-2 justify-self-start sm:col-start-3 sm:justify-self-end">
                    {item.button}
                  </LinkButton>
                </Card>
              </li>
            );
          })}
        </ol>
      )}
    </Page>
  );
}
