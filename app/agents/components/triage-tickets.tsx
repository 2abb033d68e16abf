// The agent page's triage tickets (decision 0095): the open ones listed with a plain form to resolve each, and a
// plain form on each conversation to raise one. Both post without scripts (a native <select> for the priority).
import { Form } from "@remix-run/react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { TICKET_PRIORITIES, TRIAGE_LIMITS, TRIAGE_PAGE_TEXTS as TEXTS } from "~/agents/rules/triage-tickets";

export type OpenTicket = { id: string; title: string; status: string; priority: string | null; conversations: number };

const PRIORITY_TONE = { urgent: "danger", high: "warning", medium: "neutral", low: "neutral" } as const;

export function OpenTickets({ tickets, busy }: { tickets: OpenTicket[]; busy: boolean }) {
  return (
    <Card data-testid="open-tickets">
      <CardHeader as="h3" title={TEXTS.openTickets} description={TEXTS.openTicketsExplained} />
      <CardContent>
        {tickets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TEXTS.none}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {tickets.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-2 text-sm" data-testid="open-ticket">
                <span className="font-medium">{t.title}</span>
                {t.priority ? <Badge tone={PRIORITY_TONE[t.priority as keyof typeof PRIORITY_TONE] ?? "neutral"}>{t.priority}</Badge> : null}
                <Badge>{t.status.replace("_", " ")}</Badge>
                {t.conversations ? <span className="text-muted-foreground">{TEXTS.conversations(t.conversations)}</span> : null}
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="resolve-ticket" />
                  <input type="hidden" name="ticket_id" value={t.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    {TEXTS.resolve}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function RaiseTicketForm({ conversationId, error, busy }: { conversationId: string; error?: string; busy: boolean }) {
  const id = `ticket-${conversationId}`;
  return (
    <Form method="post" className="flex flex-col gap-2 border-t pt-3" noValidate data-testid="raise-ticket-form">
      <input type="hidden" name="intent" value="raise-ticket" />
      <input type="hidden" name="conversation_id" value={conversationId} />
      <Label htmlFor={`${id}-comment`}>{TEXTS.whatWentWrong}</Label>
      <Textarea id={`${id}-comment`} name="qa_comment" rows={2} maxLength={TRIAGE_LIMITS.comment} aria-invalid={error ? true : undefined} />
      {error ? <Hint tone="error">{error}</Hint> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={`${id}-priority`}>{TEXTS.priority}</Label>
        <NativeSelect id={`${id}-priority`} name="priority" defaultValue="" options={TICKET_PRIORITIES.map((p) => ({ value: p, label: p }))}>
          <option value="">{TEXTS.noPriority}</option>
        </NativeSelect>
        <Button type="submit" size="sm" disabled={busy}>
          {TEXTS.raise}
        </Button>
      </div>
    </Form>
  );
}
