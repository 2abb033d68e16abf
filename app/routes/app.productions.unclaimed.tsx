import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { claimTask, openTasks, producerState } from "~/productions/productions.server";
import { refusalResponse, summary } from "~/productions/views.server";
import { ProducerNav, TaskCard } from "~/productions/components/productions-ui";
import { TURNAROUND_DAYS, type ProductionKind } from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Unclaimed tasks · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const [tasks, state] = await Promise.all([openTasks(env), producerState(env, viewer)]);
  return { isProducer: state.isProducer, qualified: state.qualified.map((q) => q.kind), tasks: tasks.map((row) => summary(row, "producer")) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const result = await claimTask(context.cloudflare.env, viewer, String(form.get("task_id") ?? ""));
  if (!result.ok) return refusalResponse(result);
  return { ok: "Claimed: it is in your active tasks." };
}

export default function UnclaimedTasks() {
  const { tasks, qualified, isProducer } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page title="Unclaimed tasks" description="Production tasks waiting for a producer. Claim one you are qualified for; the deadline starts when you claim it.">
      <ProducerNav />
      <FormError>{result?.error}</FormError>
      {result?.ok ? <Hint>{result.ok}</Hint> : null}
      {tasks.length === 0 ? (
        <EmptyState title="No open tasks">New requests from customers appear here.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {tasks.map((task) => (
            <TaskCard key={task.id} task={task} amountLabel="you earn">
              {qualified.includes(task.kind as ProductionKind) ? (
                <Form method="post">
                  <input type="hidden" name="task_id" value={task.id} />
                  <Button type="submit" disabled={busy}>
                    Claim ({TURNAROUND_DAYS[task.kind as ProductionKind]} days to deliver)
                  </Button>
                </Form>
              ) : (
                <Link to={isProducer ? "/app/productions/settings/qualifications" : "/app/productions/settings"} className="text-sm underline">
                  {isProducer ? "Pass this kind's qualification test to claim it" : "Become a producer to claim tasks"}
                </Link>
              )}
            </TaskCard>
          ))}
        </ul>
      )}
    </Page>
  );
}
