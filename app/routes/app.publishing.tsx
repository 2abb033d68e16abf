import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { FormError } from "~/common/components/form";
import { Badge, type BadgeTone } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint, Meter } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { listProjects } from "~/studio/studio.server";
import * as publishing from "~/publishing/publishing.server";
import { ACTION_LABELS, availableActions, collectionName, COLLECTION_NAME_MAX, completionRate, missingMetadata, READ_ACTIONS, STATE_LABELS, type ReadAction, type ReadState } from "~/publishing/rules/publishing";
import { readerOrigin } from "~/publishing/rules/profiles";
import { formatDuration } from "~/publishing/components/reader-chrome";

export const meta: MetaFunction = () => [{ title: `Publishing · ${PRODUCT_NAME}` }];

/** Metrics shown in the list: the last 30 days. */
const METRIC_DAYS = 30;

const STATE_TONES: Record<ReadState, BadgeTone> = { draft: "neutral", in_review: "warning", published: "success", unpublished: "outline" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const [reads, projects, capacity, collections] = await Promise.all([publishing.listReads(env, viewer), listProjects(env, viewer), publishing.capacityOf(env, viewer), publishing.listCollections(env, viewer)]);
  const byProject = new Map(projects.map((p) => [p.id, p]));
  const withRead = new Set(reads.map((r) => r.projectId));
  const rows = await Promise.all(
    reads.map(async (read) => {
      const project = byProject.get(read.projectId)!;
      const totals = publishing.totals(await publishing.readStats(env, read, METRIC_DAYS));
      const missing = read.state === "draft" || read.state === "unpublished" ? missingMetadata((await publishing.projectMetadata(env, project)).meta) : [];
      return {
        id: read.id,
        title: read.title,
        projectId: read.projectId,
        state: read.state,
        reviewNote: read.reviewNote,
        missing,
        actions: availableActions(read.state, viewer.membership.role, read.submittedByUserId === viewer.user.id),
        ...totals,
        completion: completionRate(totals.listens, totals.completions),
      };
    }),
  );
  return {
    reads: rows,
    projects: projects.filter((p) => !p.audioNative && !withRead.has(p.id)).map((p) => ({ value: p.id, label: p.name })),
    capacity,
    termsAgreedAt: viewer.user.publishingTermsAgreedAt,
    readerBase: readerOrigin(new URL(request.url).origin),
    collections: collections.map(({ collection, reads }) => ({ id: collection.id, name: collection.name, reads: reads.map((r) => r.title) })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const form = await readForm(request);
  const fail = (error: string, status = 400) => Response.json({ error }, { status });
  const intent = String(form.get("intent") ?? "");
  if (intent === "terms") {
    await publishing.agreeToPublishingTerms(env, viewer);
    return { done: "You agreed to the publishing payouts terms." };
  }
  if (intent === "create") {
    const created = await publishing.createRead(env, viewer, String(form.get("project_id") ?? ""));
    return created.ok ? { done: `“${created.value.title}” is a draft read.` } : fail(created.refusal.message, created.refusal.httpStatus);
  }
  if (intent === "act") {
    const name = String(form.get("action") ?? "");
    if (!(READ_ACTIONS as readonly string[]).includes(name)) return fail("Choose what to do with the read.");
    const moved = await publishing.actOnRead(env, viewer, String(form.get("read_id") ?? ""), name as ReadAction, String(form.get("note") ?? "") || null);
    return moved.ok ? { done: `“${moved.value.title}” is now ${STATE_LABELS[moved.value.state].toLowerCase()}.` } : fail(moved.refusal.message, moved.refusal.httpStatus);
  }
  if (intent === "collection") {
    const name = collectionName(String(form.get("name") ?? ""));
    if (!name) return fail(`Give the collection a name of 1 to ${COLLECTION_NAME_MAX} characters.`);
    const created = await publishing.createCollection(env, viewer, name, form.getAll("read_id").map(String));
    return created.ok ? { done: `Collection “${name}” made.` } : fail(created.refusal.message, created.refusal.httpStatus);
  }
  if (intent === "delete-collection") {
    return (await publishing.deleteCollection(env, viewer, String(form.get("collection_id") ?? ""))) ? { done: "Collection deleted." } : fail("This collection was not found.", 404);
  }
  return fail("Unknown request.");
}

export default function Publishing() {
  const { reads, projects, capacity, termsAgreedAt, readerBase, collections } = useLoaderData<typeof loader>();
  const result = useActionData<{ error?: string; done?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page
      title="Publishing"
      description="Publish a finished Studio project as a read in the public catalogue. Its cover, description, genres, language, mature content flag and ISBN come from the project's settings."
      actions={
        <a href={`${readerBase}/reads`} className="text-sm font-medium text-accent-foreground underline">
          Open the catalogue
        </a>
      }
      width="wide"
    >
      {result?.error ? <FormError>{result.error}</FormError> : null}
      {result?.done ? (
        <p role="status" className="text-sm text-muted-foreground">
          {result.done}
        </p>
      ) : null}
      {termsAgreedAt ? null : (
        <Card>
          <CardHeader title="Publishing payouts terms" description="Before your first read goes to review, agree that published reads earn per listen and are paid out under the publishing payouts terms." />
          <CardContent>
            <Form method="post">
              <input type="hidden" name="intent" value="terms" />
              <Button type="submit" disabled={busy}>
                I agree to the publishing payouts terms
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}
      <Section title="Capacity" description="Reads in review or published at once on your plan.">
        <div className="max-w-md space-y-1">
          <Meter label="Publishing capacity" value={capacity.used} max={capacity.limit} valueText={`${capacity.used} of ${capacity.limit}`} />
          <p className="text-sm text-muted-foreground">
            {capacity.used} of {capacity.limit} used
          </p>
        </div>
      </Section>
      <Section title="Your reads">
        {reads.length === 0 ? (
          <EmptyState icon={<BookOpen aria-hidden="true" />} title="No reads yet">
            Make a draft from a finished Studio project below.
          </EmptyState>
        ) : (
          <Table aria-label="Reads">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Read</TableHeaderCell>
                <TableHeaderCell>State</TableHeaderCell>
                <TableHeaderCell>Listens (30 days)</TableHeaderCell>
                <TableHeaderCell>Listening</TableHeaderCell>
                <TableHeaderCell>Completion</TableHeaderCell>
                <TableHeaderCell>Actions</TableHeaderCell>
              </TableRow>
            </TableHead>
            <tbody>
              {reads.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    {r.state === "published" ? (
                      <a href={`${readerBase}/reads/${r.id}`} className="font-medium hover:underline">
                        {r.title}
                      </a>
                    ) : (
                      <span className="font-medium">{r.title}</span>
                    )}
                    <div className="text-xs text-muted-foreground">
                      <Link to={`/app/studio/${r.projectId}`} className="hover:underline">
                        Project settings
                      </Link>
                    </div>
                    {r.missing.length ? <Hint>Missing: {r.missing.join(", ")}</Hint> : null}
                    {r.reviewNote ? <Hint>Review note: {r.reviewNote}</Hint> : null}
                  </TableCell>
                  <TableCell>
                    <Badge tone={STATE_TONES[r.state]}>{STATE_LABELS[r.state]}</Badge>
                  </TableCell>
                  <TableCell>{r.listens}</TableCell>
                  <TableCell>{formatDuration(r.listenSeconds) || "0 s"}</TableCell>
                  <TableCell>{Math.round(r.completion * 100)}%</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      {r.actions.map((a) => (
                        <Form method="post" key={a}>
                          <input type="hidden" name="intent" value="act" />
                          <input type="hidden" name="read_id" value={r.id} />
                          <input type="hidden" name="action" value={a} />
                          <Button type="submit" size="sm" variant={a === "approve" || a === "submit" ? "primary" : "secondary"} disabled={busy}>
                            {ACTION_LABELS[a]}
                          </Button>
                        </Form>
                      ))}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      <Card>
        <CardHeader title="New read" description="A draft from a Studio project. Submit it for review once the project is converted and its settings are complete; a workspace admin approves it." />
        <CardContent>
          {projects.length ? (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="create" />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="pub-project">Studio project</Label>
                <Select id="pub-project" label="Studio project" name="project_id" options={projects} defaultValue={projects[0]!.value} />
              </div>
              <Button type="submit" disabled={busy}>
                Make a draft read
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground">
              Every project already has a read. <Link to="/app/studio" className="underline">Create a Studio project</Link> to publish another.
            </p>
          )}
        </CardContent>
      </Card>
      <Section title="Collections" description="Group reads into a shelf of the catalogue; only published reads show there.">
        {collections.length ? (
          <ul className="space-y-2">
            {collections.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-3">
                <a href={`${readerBase}/reads/collections/${c.id}`} className="font-medium hover:underline">
                  {c.name}
                </a>
                <span className="text-sm text-muted-foreground">{c.reads.join(", ") || "no reads"}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-collection" />
                  <input type="hidden" name="collection_id" value={c.id} />
                  <Button type="submit" size="sm" variant="ghost" disabled={busy}>
                    Delete
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        {reads.length ? (
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="collection" />
            <div className="max-w-sm space-y-1.5">
              <Label htmlFor="pub-collection">Collection name</Label>
              <Input id="pub-collection" name="name" required maxLength={COLLECTION_NAME_MAX} />
            </div>
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium">Reads</legend>
              {reads.map((r) => (
                <label key={r.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="read_id" value={r.id} /> {r.title}
                </label>
              ))}
            </fieldset>
            <Button type="submit" variant="secondary" disabled={busy}>
              Make collection
            </Button>
          </Form>
        ) : null}
      </Section>
    </Page>
  );
}
