import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AudioLines, Settings2 } from "lucide-react";
import { FormError } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { usableVoices } from "~/voices/voices.server";
import { createPlayer, isConverting, listPlayers, playedSnapshot, playerStats, workspaceSettings } from "~/audio-native/audio-native.server";
import { articleFromPaste, PASTED_ARTICLE_MAX, TITLE_MAX } from "~/audio-native/rules/audio-native";
import { PROJECT_NAME_MAX } from "../../core/studio/studio-rules";

export const meta: MetaFunction = () => [{ title: `Audio Native · ${PRODUCT_NAME}` }];

/** Statistics shown in the list: the last 30 days. */
const LIST_STATS_DAYS = 30;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const settings = await workspaceSettings(env, viewer.membership.workspace.id);
  const players = await Promise.all(
    (await listPlayers(env, viewer)).map(async ({ project, player }) => {
      const stats = await playerStats(env, player, LIST_STATS_DAYS);
      const snapshot = await playedSnapshot(env, project, player);
      return {
        id: project.id,
        name: project.name,
        title: player.title || project.name,
        status: isConverting(project) ? "converting" : snapshot ? "ready" : "no audio",
        loads: stats.reduce((n, d) => n + d.loads, 0),
        plays: stats.reduce((n, d) => n + d.plays, 0),
        listenSeconds: stats.reduce((n, d) => n + d.listenSeconds, 0),
      };
    }),
  );
  const voices = (await usableVoices(env, viewer)).map((v) => ({ value: v.voiceId, label: v.name }));
  return { players, voices, defaultVoice: settings.voiceId ?? voices[0]?.value ?? "", allowedSites: settings.allowedSites.length };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const fail = (error: string) => Response.json({ error }, { status: 400 });
  const name = String(form.get("name") ?? "").trim();
  const title = String(form.get("title") ?? "").trim();
  const author = String(form.get("author") ?? "").trim();
  const text = String(form.get("article") ?? "");
  if (!name || name.length > PROJECT_NAME_MAX) return fail(`Give the player a name of at most ${PROJECT_NAME_MAX} characters.`);
  if (title.length > TITLE_MAX || author.length > TITLE_MAX) return fail(`The title and author must be at most ${TITLE_MAX} characters.`);
  if (text.length > PASTED_ARTICLE_MAX) return fail(`The article must be at most ${PASTED_ARTICLE_MAX.toLocaleString("en")} characters.`);
  const article = articleFromPaste(text, name);
  if (article.length === 0) return fail("Paste the article's text or HTML.");
  const created = await createPlayer(context.cloudflare.env, viewer, {
    name,
    title: title || undefined,
    author: author || undefined,
    voiceId: String(form.get("voice_id") ?? "") || undefined,
    article,
    sourceType: "html",
    autoConvert: true,
  });
  if (!created.ok) return fail(created.refusal.message);
  return redirect(`/app/audio-native/${created.value.project.id}`);
}

const minutes = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`);

export default function AudioNative() {
  const { players, voices, defaultVoice, allowedSites } = useLoaderData<typeof loader>();
  const failed = useActionData<{ error: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page
      title="Audio Native"
      description="A player for your articles: paste one snippet into your site and readers can listen to the article."
      actions={
        <>
          <LinkButton to="/app/audio-native/settings" variant="secondary">
            <Settings2 aria-hidden="true" /> Settings
          </LinkButton>
          <LinkButton to="/app/audio-native/settings/player" variant="secondary">
            Player look
          </LinkButton>
        </>
      }
      width="wide"
    >
      {allowedSites === 0 ? (
        <Hint>
          No site may show your players yet: add your site in <Link to="/app/audio-native/settings" className="underline">Settings</Link>.
        </Hint>
      ) : null}
      <Section title="Your players">
        {players.length === 0 ? (
          <EmptyState icon={<AudioLines aria-hidden="true" />} title="No players yet">
            Create one below from an article&apos;s text or HTML.
          </EmptyState>
        ) : (
          <Table aria-label="Players">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Player</TableHeaderCell>
                <TableHeaderCell>Audio</TableHeaderCell>
                <TableHeaderCell>Loads (30 days)</TableHeaderCell>
                <TableHeaderCell>Plays</TableHeaderCell>
                <TableHeaderCell>Listening</TableHeaderCell>
              </TableRow>
            </TableHead>
            <tbody>
              {players.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Link to={`/app/audio-native/${p.id}`} className="font-medium text-foreground hover:underline">
                      {p.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Badge tone={p.status === "ready" ? "success" : p.status === "converting" ? "accent" : "neutral"}>{p.status}</Badge>
                  </TableCell>
                  <TableCell>{p.loads}</TableCell>
                  <TableCell>{p.plays}</TableCell>
                  <TableCell>{minutes(p.listenSeconds)}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      <Card>
        <CardHeader title="New player" description="The article is converted at once with the voice you choose; its title and author are read first." />
        <CardContent>
          <Form method="post" className="grid gap-4 md:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="an-name">Name</Label>
              <Input id="an-name" name="name" required maxLength={PROJECT_NAME_MAX} placeholder="My article" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="an-voice">Voice</Label>
              <Select id="an-voice" label="Voice" name="voice_id" options={voices} defaultValue={defaultVoice} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="an-title">Title shown and read first (optional)</Label>
              <Input id="an-title" name="title" maxLength={TITLE_MAX} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="an-author">Author (optional)</Label>
              <Input id="an-author" name="author" maxLength={TITLE_MAX} />
            </div>
            <div className="space-y-1.5 md:col-span-2">
              <Label htmlFor="an-article">Article (text or HTML)</Label>
              <Textarea id="an-article" name="article" rows={8} required maxLength={PASTED_ARTICLE_MAX} placeholder="<p>Your first paragraph…</p>" />
            </div>
            <div className="space-y-3 md:col-span-2">
              <FormError>{failed?.error}</FormError>
              <Button type="submit" disabled={busy}>
                Create player
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
