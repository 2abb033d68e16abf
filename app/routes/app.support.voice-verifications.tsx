import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BadgeCheck, Check, FileText, X } from "lucide-react";
import { z } from "zod";
import { FormError, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { approveVoiceVerification, rejectVoiceVerification, voiceVerificationRequests, type VerificationRequestView } from "~/voices/voices.server";
import { REVIEW_REASON_MAX } from "~/voices/rules/verification-review";
import { languageName } from "~/speech/rules/languages";

export const meta: MetaFunction = () => [{ title: `Manual verification requests · ${PRODUCT_NAME}` }];

// The staff console's page (decision 0091): support staff review every workspace's manual verification requests.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const listed = await voiceVerificationRequests(context.cloudflare.env, viewer);
  const requests: VerificationRequestView[] = listed.ok ? listed.requests : [];
  // Anyone but support staff is told why, with a 403, and sees no request.
  return json({ forbidden: listed.ok ? null : listed.message, requests }, { status: listed.ok ? 200 : listed.httpStatus });
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), voice_id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("reject"), voice_id: z.string().min(1).max(100), reason: z.string().max(REVIEW_REASON_MAX * 2) }),
]);

type ActionData = { voiceId?: string; error?: string; notice?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const parsed = intents.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return Response.json({ error: "Choose approve or reject for one request." } satisfies ActionData, { status: 400 });
  const input = parsed.data;
  const env = context.cloudflare.env;
  const result = input.intent === "approve" ? await approveVoiceVerification(env, viewer, input.voice_id) : await rejectVoiceVerification(env, viewer, input.voice_id, input.reason);
  if (!result.ok) return Response.json({ voiceId: input.voice_id, error: result.message } satisfies ActionData, { status: result.httpStatus });
  return { voiceId: input.voice_id, notice: input.intent === "approve" ? "Approved: the voice is verified." : "Rejected: the owner reads your reason on the voice's page." } satisfies ActionData;
}

const when = (seconds: number) => `${new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export default function VoiceVerificationReview() {
  const { forbidden, requests } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <Page title="Manual verification requests" description="Professional voices whose owners sent documents instead of, or before, reading the verification text. Approve to verify the voice; reject with a reason the owner reads." testId="voice-verification-review">
      {forbidden ? (
        <Hint tone="error">{forbidden}</Hint>
      ) : (
        <>
          <FormNotice>{result?.notice}</FormNotice>
          {result?.error && !requests.some((r) => r.voice_id === result.voiceId) ? <FormError>{result.error}</FormError> : null}
          {requests.length === 0 ? (
            <EmptyState icon={<BadgeCheck />} title="No requests waiting">
              Requests appear here when an owner sends documents for a professional voice.
            </EmptyState>
          ) : (
            requests.map((r) => (
              <Card key={r.voice_id} data-testid="verification-request" data-voice-id={r.voice_id}>
                <CardHeader
                  title={
                    <span className="flex flex-wrap items-center gap-2">
                      {r.name} <Badge tone="outline">{languageName(r.language)}</Badge>
                    </span>
                  }
                  description={`${r.workspace_name} (${r.workspace_id}) · requested ${when(r.requested_at_unix)}`}
                />
                <CardContent className="flex flex-col gap-3">
                  {r.extra_text ? <blockquote className="whitespace-pre-wrap rounded-md border border-border bg-muted p-3 text-sm">{r.extra_text}</blockquote> : <Hint>No note.</Hint>}
                  <ul className="flex flex-col gap-1 text-sm" aria-label="Documents">
                    {r.files.map((f) => (
                      <li key={f.file_id} className="flex items-center gap-2">
                        <FileText aria-hidden="true" className="size-4 shrink-0" />
                        <a className="truncate underline underline-offset-2" href={`/v1/support/voice-verifications/${r.voice_id}/files/${f.file_id}`} target="_blank" rel="noreferrer">
                          {f.file_name}
                        </a>
                        <span className="text-muted-foreground">{`${f.mime_type}, ${size(f.size_bytes)}`}</span>
                      </li>
                    ))}
                  </ul>
                  {result?.error && result.voiceId === r.voice_id ? <FormError>{result.error}</FormError> : null}
                  <div className="flex flex-wrap items-end gap-3">
                    <Form method="post">
                      <input type="hidden" name="voice_id" value={r.voice_id} />
                      <Button type="submit" name="intent" value="approve" disabled={busy}>
                        <Check aria-hidden="true" /> Approve
                      </Button>
                    </Form>
                    <Form method="post" className="flex min-w-0 flex-1 flex-col gap-1">
                      <input type="hidden" name="voice_id" value={r.voice_id} />
                      <Label htmlFor={`reason-${r.voice_id}`}>Reason for rejecting</Label>
                      <div className="flex flex-wrap items-start gap-2">
                        <Textarea id={`reason-${r.voice_id}`} name="reason" rows={2} required maxLength={REVIEW_REASON_MAX} className="min-w-0 flex-1" />
                        <Button type="submit" name="intent" value="reject" variant="secondary" disabled={busy}>
                          <X aria-hidden="true" /> Reject
                        </Button>
                      </div>
                    </Form>
                  </div>
                </CardContent>
              </Card>
            ))
          )}
        </>
      )}
    </Page>
  );
}
