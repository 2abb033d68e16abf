import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { FormError } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { findPlayer, isConverting, playedSnapshot, playerStats, publishLatest, updateContent, workspaceSettings } from "~/audio-native/audio-native.server";
import { articleFromPaste, clock, htmlSnippet, PASTED_ARTICLE_MAX } from "~/audio-native/rules/audio-native";
import { projectContent } from "~/studio/studio.server";
import { EmbedSnippet } from "~/audio-native/components/snippet";
import { LivePlayer } from "~/audio-native/components/player-preview";

export const meta: MetaFunction = () => [{ title: `Audio Native player · ${PRODUCT_NAME}` }];

/** Days of statistics on the player's page. */
const STATS_DAYS = 14;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const found = await findPlayer(env, viewer, params.projectId ?? "");
  if (!found) throw new Response("Not found", { status: 404 });
  const { project, player } = found;
  const snapshot = await playedSnapshot(env, project, player);
  const content = await projectContent(env, project);
  const article = content
    .flatMap((c) => c.blocks)
    .map((b) => (JSON.parse(b.nodes) as { text: string }[]).map((n) => n.text).join(""))
    .join("\n\n");
  return {
    id: project.id,
    name: project.name,
    converting: isConverting(project),
    durationSeconds: snapshot ? snapshot.durationMs / 1000 : null,
    pinned: player.publishedSnapshotId !== null && player.publishedSnapshotId !== project.latestSnapshotId,
    snippet: htmlSnippet(new URL(request.url).origin, project.id, player.small),
    stats: (await playerStats(env, player, STATS_DAYS)).reverse(),
    sites: (await workspaceSettings(env, viewer.membership.workspace.id)).allowedSites,
    article,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const found = await findPlayer(env, viewer, params.projectId ?? "");
  if (!found) throw new Response("Not found", { status: 404 });
  const form = await readForm(request);
  if (form.get("intent") === "publish") {
    await publishLatest(env, found.player);
    return { ok: "The player now plays the latest conversion." };
  }
  const text = String(form.get("article") ?? "");
  if (text.length > PASTED_ARTICLE_MAX) return Response.json({ error: `The article must be at most ${PASTED_ARTICLE_MAX.toLocaleString("en")} characters.` }, { status: 400 });
  const article = articleFromPaste(text, found.project.name);
  if (article.length === 0) return Response.json({ error: "Paste the article's text or HTML." }, { status: 400 });
  const updated = await updateContent(env, viewer, found, article, { autoConvert: true, autoPublish: form.get("auto_publish") === "on" });
  if (!updated.ok) return Response.json({ error: updated.refusal.message }, { status: 400 });
  return { ok: "Only the changed paragraphs are being converted." };
}

export default function AudioNativePlayer() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  // While converting, the page looks again every few seconds.
  useEffect(() => {
    if (!data.converting) return;
    const timer = setInterval(() => revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [data.converting, revalidator]);
  return (
    <Page
      title={data.name}
      description={
        <>
          <Link to="/app/audio-native" className="underline">
            Audio Native
          </Link>{" "}
          player
        </>
      }
      width="wide"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Player"
            description={data.converting ? "Converting the article…" : data.durationSeconds ? `Ready: ${clock(data.durationSeconds)} of audio.` : "No audio yet."}
            actions={data.converting ? <Badge tone="accent">converting</Badge> : data.durationSeconds ? <Badge tone="success">ready</Badge> : null}
          />
          <CardContent className="space-y-4">
            {data.durationSeconds && !data.converting ? <LivePlayer key={data.durationSeconds} projectId={data.id} /> : null}
            {data.pinned ? (
              <Form method="post" className="flex flex-wrap items-center gap-3">
                <Hint>The player still plays an earlier conversion.</Hint>
                <input type="hidden" name="intent" value="publish" />
                <Button type="submit" size="sm" disabled={busy}>
                  Publish the latest
                </Button>
              </Form>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Embed" description="Paste this into your article's page where the player should be." />
          <CardContent className="space-y-3">
            <EmbedSnippet snippet={data.snippet} />
            <Hint>
              {data.sites.length ? `Shown on: ${data.sites.join(", ")}.` : "No site may show it yet."}{" "}
              <Link to="/app/audio-native/settings" className="underline">
                Change the allowed sites
              </Link>
            </Hint>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader title="Listening" description={`The last ${STATS_DAYS} days (UTC). Counted without cookies or any identifier: loads of the player, plays, and time listened.`} />
        <CardContent>
          <Table aria-label="Listening by day">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Day</TableHeaderCell>
                <TableHeaderCell>Loads</TableHeaderCell>
                <TableHeaderCell>Plays</TableHeaderCell>
                <TableHeaderCell>Listening</TableHeaderCell>
              </TableRow>
            </TableHead>
            <tbody>
              {data.stats.map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{d.day}</TableCell>
                  <TableCell>{d.loads}</TableCell>
                  <TableCell>{d.plays}</TableCell>
                  <TableCell>{clock(d.listenSeconds)}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Article" description="Edit or replace it: paragraphs you did not change keep their audio, only changed ones are converted (and charged)." />
        <CardContent>
          <Form method="post" className="space-y-3">
            <Label htmlFor="an-article" className="sr-only">
              Article
            </Label>
            <Textarea id="an-article" name="article" rows={8} defaultValue={data.article} maxLength={PASTED_ARTICLE_MAX} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="auto_publish" defaultChecked className="size-4 accent-[var(--accent)]" /> Publish when converted
            </label>
            <FormError>{result?.error}</FormError>
            {result?.ok ? <Hint>{result.ok}</Hint> : null}
            <Button type="submit" disabled={busy || data.converting}>
              Update and convert
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
