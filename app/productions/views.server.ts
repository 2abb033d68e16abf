// What the pages show of a task (never the customer's workspace or user to a producer).
import type { TaskSummary } from "./components/productions-ui";
import type { ProductionRefusal, TaskView } from "./productions.server";

export function summary({ task, request }: TaskView, amount: "quote" | "producer"): TaskSummary {
  return {
    id: task.id,
    kind: task.kind,
    state: task.state,
    title: request.title,
    instructions: request.instructions,
    language: request.language,
    minutes: request.minutes,
    amount: amount === "quote" ? request.quoteAmount : request.producerAmount,
    currency: request.currency,
    deadlineAt: task.deadlineAt,
    feedback: task.feedback,
    deliverableName: task.deliverableName,
  };
}

/** A refused action as the page's answer: its status and the sentence shown in the form. */
export function refusalResponse(refusal: ProductionRefusal | { httpStatus: number; status: string; message: string }): Response {
  return Response.json({ error: refusal.message, status: refusal.status }, { status: refusal.httpStatus });
}
