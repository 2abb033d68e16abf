import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { acknowledgeFeedback, producerTasks, submitTask } from "~/productions/productions.server";
import { requestMedia } from "~/productions/orders.server";
import { refusalResponse, summary } from "~/productions/views.server";
import { ProducerNav, TaskCard } from "~/productions/components/productions-ui";
import { MAX_DELIVERABLE_BYTES } from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Active tasks · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const rows = await producerTasks(context.cloudflare.env, viewer, ["claimed", "returned", "acknowledged", "submitted"]);
  // A task from an API order works on the order's media (decision 0064): the producer downloads it here.
  const media = await requestMedia(context.cloudflare.env, rows.map((row) => row.request.id));
  return { tasks: rows.map((row) => ({ ...summary(row, "producer"), hasDeliverable: Boolean(row.task.deliverableKey), media: media.get(row.request.id) ?? [] })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_DELIVERABLE_BYTES + 64 * 1024) return Response.json({ error: `A deliverable can be at most ${MAX_DELIVERABLE_BYTES / 1024 / 1024} MB.` }, { status: 413 });
  const form = await readForm(request);
  const taskId = String(form.get("task_id") ?? "");
  if (form.get("intent") === "acknowledge") {
    const result = await acknowledgeFeedback(env, viewer, taskId);
    return result.ok ? { ok: "Feedback acknowledged: deliver the reworked file when it is ready." } : refusalResponse(result);
  }
  const file = form.get("deliverable");
  if (!(file instanceof File)) return Response.json({ error: "Choose the file to deliver." }, { status: 400 });
  const result = await submitTask(env, viewer, taskId, { body: await file.arrayBuffer(), name: file.name, type: file.type });
  return result.ok ? { ok: "Delivered: the customer is reviewing it." } : refusalResponse(result);
}

export default function ActiveTasks() {
  const { tasks } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page title="Active tasks" description="Tasks you have claimed: deliver the file before the deadline; returned work comes back here with the customer's feedback.">
      <ProducerNav />
      <FormError>{result?.error}</FormError>
      {result?.ok ? <Hint>{result.ok}</Hint> : null}
      {tasks.length === 0 ? (
        <EmptyState title="No active tasks">Claim one from the unclaimed tasks.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {tasks.map((task) => (
            <TaskCard key={task.id} task={task} amountLabel="you earn">
              {task.media.length ? (
                <p className="text-sm">
                  Source media:{" "}
                  {task.media.map((m, i) => (
                    <span key={m.id}>
                      {i > 0 ? ", " : null}
                      <a className="underline" href={`/app/productions/media/${m.id}`}>
                        {m.name}
                      </a>
                    </span>
                  ))}
                </p>
              ) : null}
              {task.hasDeliverable ? (
                <a className="text-sm underline" href={`/app/productions/tasks/${task.id}/deliverable`}>
                  Your delivery: {task.deliverableName}
                </a>
              ) : null}
              {task.state === "returned" ? (
                <Form method="post">
                  <input type="hidden" name="task_id" value={task.id} />
                  <Button type="submit" name="intent" value="acknowledge" disabled={busy}>
                    Acknowledge feedback
                  </Button>
                </Form>
              ) : null}
              {task.state === "claimed" || task.state === "acknowledged" ? (
                <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="task_id" value={task.id} />
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`file-${task.id}`}>Deliverable</Label>
                    <Input id={`file-${task.id}`} name="deliverable" type="file" required />
                  </div>
                  <Button type="submit" disabled={busy}>
                    Deliver
                  </Button>
                </Form>
              ) : null}
            </TaskCard>
          ))}
        </ul>
      )}
    </Page>
  );
}
