import { Form } from "@remix-run/react";
import { Archive, Check, GitBranch, GitMerge, GitPullRequest, MessageSquare, ScrollText, X } from "lucide-react";
import { Field } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Label, Textarea } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { BRANCH_LIMITS, BRANCH_PAGE_TEXTS as T, type BranchPageIntent } from "~/agents/rules/branches";
import { MERGE_PROPOSAL_LIMITS } from "~/agents/rules/merge-proposals";

/** ahead, behind: versions on each side since the branch and main parted (null when not counted). */
export type BranchView = { id: string; name: string; description: string; isMain: boolean; archived: boolean; protected: boolean; live: number; hasDraft: boolean; ahead: number | null; behind: number | null };
export type ProposalView = {
  id: string;
  title: string;
  description: string;
  source: string;
  target: string;
  author: string;
  reviews: { who: string; state: "approved" | "changes_requested"; comment: string }[];
  comments: { id: string; who: string; body: string }[];
};
export type ProcedureView = { id: string; name: string; type: string; hasDraft: boolean };
/** What the page's action answered a form of this tab: the intent, the branch or proposal it was about, and its errors. */
export type BranchPageResult = { intent?: string; target?: string; errors?: Record<string, string | undefined>; notice?: string };

type BranchesPanelProps = {
  branches: BranchView[];
  proposals: ProposalView[];
  procedures: { branchId: string; rows: ProcedureView[] };
  result?: BranchPageResult;
  busy: boolean;
};

/**
 * The agent page's Branches tab (decision 0094): branches, open merge proposals with their reviews, and a branch's
 * procedures. Every form is a plain post with an `intent` (native selects), so it works before the page's scripts;
 * a refusal shows under the form that was sent.
 */
export function BranchesPanel({ branches, proposals, procedures, result, busy }: BranchesPanelProps) {
  /** The errors of the answer to this form, if it was this form that was sent. */
  const errorsOf = (intents: BranchPageIntent[], target?: string) => (result?.errors && intents.includes(result.intent as BranchPageIntent) && (target === undefined || result.target === target) ? result.errors : {});
  /** A key that changes once this form succeeded, so its fields are emptied. */
  const resetKey = (intents: BranchPageIntent[], target = "") => (result?.notice && intents.includes(result.intent as BranchPageIntent) && (result.target ?? "") === target ? result.notice : "form");
  const sources = branches.filter((b) => !b.isMain && !b.archived);
  const createErrors = errorsOf(["create-branch"]);
  const proposeErrors = errorsOf(["propose"]);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader title={T.branchesTitle} description={T.branchesIntro} />
        <CardContent className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="branch-list">
            {branches.map((b) => {
              const archiveError = errorsOf(["archive-branch"], b.id).form;
              return (
                <li key={b.id} className="flex flex-col gap-1 px-3 py-2" data-testid="branch-row">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <span className="flex flex-wrap items-center gap-2 text-sm">
                        <GitBranch className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                        <span className="font-medium break-words">{b.name}</span>
                        <Badge tone={b.live > 0 ? "accent" : "outline"}>{b.live > 0 ? T.live(b.live) : T.noTraffic}</Badge>
                        {b.protected ? <Badge tone="warning">{T.protected}</Badge> : null}
                        {b.archived ? <Badge>{T.archived}</Badge> : null}
                        {b.hasDraft ? <Badge tone="outline">{T.draft}</Badge> : null}
                        {!b.isMain && b.ahead !== null && b.behind !== null ? (
                          <span className="text-muted-foreground" data-testid="branch-apart">
                            {T.apart(b.ahead, b.behind)}
                          </span>
                        ) : null}
                      </span>
                      {b.description ? <p className="mt-0.5 text-sm break-words text-muted-foreground">{b.description}</p> : null}
                    </div>
                    {!b.isMain && !b.archived ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="archive-branch" />
                        <input type="hidden" name="branch_id" value={b.id} />
                        <IconButton type="submit" label={T.archive(b.name)} icon={<Archive />} small disabled={busy} />
                      </Form>
                    ) : null}
                  </div>
                  {archiveError ? <Hint tone="error">{archiveError}</Hint> : null}
                </li>
              );
            })}
          </ul>
          <Form key={resetKey(["create-branch"])} method="post" className="flex flex-col gap-3 border-t border-border pt-4" noValidate data-testid="new-branch-form">
            <input type="hidden" name="intent" value="create-branch" />
            <div>
              <h3 className="text-sm font-semibold">{T.newBranchTitle}</h3>
              <p className="text-sm text-muted-foreground">{T.newBranchIntro}</p>
            </div>
            <div className="grid gap-3 md:grid-cols-2">
              <Field label="Branch name" name="name" id="branch-name" maxLength={BRANCH_LIMITS.name} error={createErrors.name} placeholder="e.g. Friendlier greeting" />
              <Field label="Branch description" name="description" id="branch-description" maxLength={BRANCH_LIMITS.description} error={createErrors.description} />
            </div>
            {createErrors.form ? <Hint tone="error">{createErrors.form}</Hint> : null}
            <Button type="submit" disabled={busy} className="self-start">
              <GitBranch aria-hidden="true" /> {T.createBranch}
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader title={T.proposalsTitle} description={T.proposeIntro} />
        <CardContent className="flex flex-col gap-4">
          {proposals.length === 0 ? (
            <Hint>{T.noProposals}</Hint>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="merge-proposals">
              {proposals.map((p) => (
                <ProposalItem key={p.id} proposal={p} busy={busy} reviewErrors={errorsOf(["approve", "request-changes", "comment"], p.id)} mergeErrors={errorsOf(["merge", "close-proposal"], p.id)} resetKey={resetKey(["approve", "request-changes", "comment"], p.id)} />
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-3 border-t border-border pt-4">
            <h3 className="text-sm font-semibold">{T.proposeTitle}</h3>
            {sources.length === 0 ? (
              <Hint>{T.noSourceBranch}</Hint>
            ) : (
              <Form key={resetKey(["propose"])} method="post" className="grid gap-3 md:grid-cols-2" noValidate data-testid="propose-form">
                <input type="hidden" name="intent" value="propose" />
                <div className="flex flex-col gap-1">
                  <Label htmlFor="proposal-source">{T.sourceLabel}</Label>
                  <NativeSelect id="proposal-source" name="source_branch_id" options={sources.map((b) => ({ value: b.id, label: b.name }))} aria-invalid={proposeErrors.source_branch_id ? true : undefined} />
                  {proposeErrors.source_branch_id ? <Hint tone="error">{proposeErrors.source_branch_id}</Hint> : null}
                </div>
                <Field label="Proposal title" name="title" id="proposal-title" maxLength={MERGE_PROPOSAL_LIMITS.title} error={proposeErrors.title} />
                <div className="flex flex-col gap-1 md:col-span-2">
                  <Label htmlFor="proposal-description">Proposal description</Label>
                  <Textarea id="proposal-description" name="description" rows={2} maxLength={MERGE_PROPOSAL_LIMITS.description} />
                  {proposeErrors.description ? <Hint tone="error">{proposeErrors.description}</Hint> : null}
                </div>
                <div className="flex flex-col gap-2 md:col-span-2">
                  {proposeErrors.form ? <Hint tone="error">{proposeErrors.form}</Hint> : null}
                  <Button type="submit" disabled={busy} className="self-start">
                    <GitPullRequest aria-hidden="true" /> {T.propose}
                  </Button>
                </div>
              </Form>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader title={T.proceduresTitle} description={T.proceduresIntro} />
        <CardContent className="flex flex-col gap-3">
          <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="procedures-branch-form">
            <input type="hidden" name="tab" value="branches" />
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor="procedures-branch">{T.sourceLabel}</Label>
              <NativeSelect id="procedures-branch" name="branch" defaultValue={procedures.branchId} options={branches.map((b) => ({ value: b.id, label: b.name }))} />
            </div>
            <Button type="submit" variant="secondary">
              {T.showProcedures}
            </Button>
          </Form>
          {procedures.rows.length === 0 ? (
            <Hint>{T.noProcedures}</Hint>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="procedure-list">
              {procedures.rows.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm" data-testid="procedure-row">
                  <ScrollText className="size-4 text-muted-foreground" aria-hidden="true" />
                  <span className="font-medium break-words">{p.name}</span>
                  <Badge>{T.procedureTypes[p.type] ?? p.type}</Badge>
                  {p.hasDraft ? <Badge tone="outline">{T.draft}</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

type ProposalItemProps = { proposal: ProposalView; busy: boolean; reviewErrors: Record<string, string | undefined>; mergeErrors: Record<string, string | undefined>; resetKey: string };

/** One open proposal: its reviews and comments, a box to review or comment, and the merge and close buttons. */
function ProposalItem({ proposal: p, busy, reviewErrors, mergeErrors, resetKey }: ProposalItemProps) {
  const commentId = `comment-${p.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid="merge-proposal">
      <div className="min-w-0">
        <h3 className="font-medium break-words">{p.title}</h3>
        <p className="mt-0.5 text-sm break-words text-muted-foreground">
          {p.source} → {p.target} · {T.openedBy(p.author)}
        </p>
      </div>
      {p.description ? <p className="text-sm break-words whitespace-pre-line">{p.description}</p> : null}
      <div className="flex flex-wrap gap-2" data-testid="proposal-reviews">
        {p.reviews.length === 0 ? <Badge tone="outline">{T.noReviews}</Badge> : null}
        {p.reviews.map((r) => (
          <Badge key={r.who} tone={r.state === "approved" ? "success" : "warning"} className="whitespace-normal">
            {T.reviewStates[r.state]}: {r.who}
          </Badge>
        ))}
      </div>
      {p.reviews.some((r) => r.comment) || p.comments.length ? (
        <ul className="flex flex-col gap-1 text-sm" data-testid="proposal-comments">
          {p.reviews
            .filter((r) => r.comment)
            .map((r) => (
              <li key={`review-${r.who}`} className="break-words">
                <span className="font-medium">{r.who}</span> ({T.reviewStates[r.state].toLowerCase()}): {r.comment}
              </li>
            ))}
          {p.comments.map((c) => (
            <li key={c.id} className="break-words">
              <span className="font-medium">{c.who}:</span> {c.body}
            </li>
          ))}
        </ul>
      ) : null}
      <Form key={resetKey} method="post" className="flex flex-col gap-2" noValidate data-testid="review-form">
        <input type="hidden" name="proposal_id" value={p.id} />
        <Label htmlFor={commentId}>{T.commentLabel}</Label>
        <Textarea id={commentId} name="body" rows={2} maxLength={MERGE_PROPOSAL_LIMITS.comment} aria-invalid={reviewErrors.body ? true : undefined} />
        {reviewErrors.body ? <Hint tone="error">{reviewErrors.body}</Hint> : null}
        {reviewErrors.form ? <Hint tone="error">{reviewErrors.form}</Hint> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="approve" variant="secondary" size="sm" disabled={busy}>
            <Check aria-hidden="true" /> {T.approve}
          </Button>
          <Button type="submit" name="intent" value="request-changes" variant="secondary" size="sm" disabled={busy}>
            {T.requestChanges}
          </Button>
          <Button type="submit" name="intent" value="comment" variant="ghost" size="sm" disabled={busy}>
            <MessageSquare aria-hidden="true" /> {T.comment}
          </Button>
        </div>
      </Form>
      <Form method="post" className="flex flex-col gap-2 border-t border-border pt-3" data-testid="merge-form">
        <input type="hidden" name="proposal_id" value={p.id} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="archive_source" value="true" className="mt-0.5 size-4 accent-[var(--accent)]" />
          {T.archiveSourceLabel}
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="force" value="true" className="mt-0.5 size-4 accent-[var(--accent)]" />
          {T.forceLabel}
        </label>
        {mergeErrors.form ? <Hint tone="error">{mergeErrors.form}</Hint> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="merge" size="sm" disabled={busy}>
            <GitMerge aria-hidden="true" /> {T.merge}
          </Button>
          <Button type="submit" name="intent" value="close-proposal" variant="ghost" size="sm" disabled={busy}>
            <X aria-hidden="true" /> {T.close}
          </Button>
        </div>
      </Form>
    </li>
  );
}
