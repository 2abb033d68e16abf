import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FolderPlus, Library, Mic, Pencil, Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card, CardContent } from "~/common/ui/card";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Input, Label } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { CopyLinkButton } from "~/voices/components/library-voice-card";
import { ShareVoiceButton, type ShareVoiceResult } from "~/voices/components/share-voice";
import { VoicePreviewButton } from "~/voices/components/voice-preview";
import { libraryPreviewPath, sharedVoicePath } from "~/voices/library-json";
import { COLLECTION_TITLE_MAX, collectionTitle, isPublished } from "~/voices/rules/voice-library";
import { previewPath } from "../../core/voices/voice-rules";
import {
  addVoiceToCollection,
  collectionMembers,
  createCollection,
  deleteCollection,
  listCollections,
  originalsInLibrary,
  publishedFigures,
  removeVoiceFromCollection,
  setVoiceSharing,
  updateCollection,
  usableVoices,
} from "~/voices/voices.server";

export const meta: MetaFunction = () => [{ title: `Collections · Voice Library · ${PRODUCT_NAME}` }];

const CATEGORY_LABEL: Record<string, string> = { premade: "Default", cloned: "Instant clone", generated: "Designed", professional: "Professional clone" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const [collections, members, voices, figures] = await Promise.all([listCollections(env, viewer), collectionMembers(env, viewer), usableVoices(env, viewer), publishedFigures(env, viewer)]);
  const originals = await originalsInLibrary(env, voices);
  const shown = voices.map((voice) => ({ voice_id: voice.voiceId, name: voice.name, category: voice.category, own: voice.workspaceId !== null }));
  const own = voices
    .filter((voice) => voice.workspaceId !== null)
    .map((voice) => ({
      voice_id: voice.voiceId,
      name: voice.name,
      category: voice.category,
      description: voice.description ?? "",
      fromLibrary: voice.originalVoiceId !== null,
      published: isPublished(voice.sharingStatus),
      copyable: voice.sharingStatus === "enabled",
      live_moderation: voice.liveModerationEnabled,
      royalty_rate: voice.royaltyRate,
      link: isPublished(voice.sharingStatus) && voice.publicOwnerId ? sharedVoicePath(voice.publicOwnerId, voice.voiceId) : null,
      addedCount: figures.get(voice.voiceId)?.clonedByCount ?? 0,
      preview: voice.originalVoiceId && originals.has(voice.originalVoiceId) ? libraryPreviewPath(voice.originalVoiceId) : previewPath(voice.previewKey),
      languagePreviews: [],
      safety_control: voice.safetyControl,
    }));
  return {
    own,
    voices: shown,
    collections: collections.map((collection) => ({ id: collection.collectionId, title: collection.title, voiceIds: members.get(collection.collectionId) ?? [] })),
  };
}

const intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), title: z.string().max(COLLECTION_TITLE_MAX * 2) }),
  z.object({ intent: z.literal("rename"), id: z.string().max(100), title: z.string().max(COLLECTION_TITLE_MAX * 2) }),
  z.object({ intent: z.literal("delete"), id: z.string().max(100) }),
  z.object({ intent: z.literal("add-voice"), id: z.string().max(100), voice_id: z.string().min(1, "Choose a voice.").max(100) }),
  z.object({ intent: z.literal("remove-voice"), id: z.string().max(100), voice_id: z.string().max(100) }),
  z.object({ intent: z.literal("share"), voice_id: z.string().max(100), published: z.literal("on").optional(), copyable: z.literal("on").optional(), live_moderation: z.literal("on").optional(),
    rewards: z.literal("on").optional(),
    royalty_cents: z.coerce.number().optional(),
  }),
]);

type ActionData = { intent: string; id?: string; error?: string } | ShareVoiceResult;

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const parsed = await parseForm(request, intent);
  if (!parsed.ok) {
    return Response.json({ intent: String(parsed.form.get("intent") ?? ""), id: String(parsed.form.get("id") ?? ""), error: Object.values(parsed.errors)[0] } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  const fail = (httpStatus: number, error: string, id?: string) => Response.json({ intent: input.intent, id, error } satisfies ActionData, { status: httpStatus });
  switch (input.intent) {
    case "create":
    case "rename": {
      const title = collectionTitle(input.title);
      if (title === null) return fail(400, `Give the collection a title of 1 to ${COLLECTION_TITLE_MAX} characters.`, input.intent === "rename" ? input.id : undefined);
      const done = input.intent === "create" ? await createCollection(env, viewer, title, "") : await updateCollection(env, viewer, input.id, { title });
      return done.ok ? { intent: input.intent } : fail(done.refusal.httpStatus, done.refusal.message);
    }
    case "delete": {
      const done = await deleteCollection(env, viewer, input.id);
      return done.ok ? { intent: input.intent } : fail(done.refusal.httpStatus, done.refusal.message);
    }
    case "add-voice":
    case "remove-voice": {
      const done = input.intent === "add-voice" ? await addVoiceToCollection(env, viewer, input.id, input.voice_id) : await removeVoiceFromCollection(env, viewer, input.id, input.voice_id);
      return done.ok ? { intent: input.intent, id: input.id } : fail(done.refusal.httpStatus, done.refusal.message, input.id);
    }
    case "share": {
      const published = input.published === "on";
      const royalty = { rewards: input.rewards === "on", fiatRate: input.royalty_cents === undefined ? null : input.royalty_cents / 100 };
      const done = await setVoiceSharing(env, viewer, input.voice_id, { published, copyable: input.copyable === "on", liveModeration: input.live_moderation === "on", royalty });
      if (!done.ok) return Response.json({ intent: "share", ok: false, error: done.refusal.message } satisfies ShareVoiceResult, { status: done.refusal.httpStatus });
      return { intent: "share", ok: true, published } satisfies ShareVoiceResult;
    }
  }
}

export default function Collections() {
  const { own, voices, collections } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const errorFor = (intentName: string, id?: string) => (result && "error" in result && result.intent === intentName && (id === undefined || ("id" in result && result.id === id)) ? result.error : undefined);
  const nameOf = new Map(voices.map((voice) => [voice.voice_id, voice.name]));
  return (
    <Page
      title="My voices and collections"
      description="Your workspace's own voices, what you share of them, and collections that group any voice you can use."
      width="wide"
      actions={
        <LinkButton to="/app/voice-library" variant="secondary">
          <Library aria-hidden="true" /> Voice Library
        </LinkButton>
      }
    >
      <Section title="My voices" description="Voices your workspace made or added from the library.">
        <div id="my-voices" />
        {own.length === 0 ? (
          <EmptyState icon={<Mic />} title="No voice of your own yet." action={<LinkButton to="/app/voice-library">Find one in the library</LinkButton>}>
            Add one from the Voice Library.
          </EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="My voices">
            {own.map((voice) => (
              <li key={voice.voice_id} className="flex">
                <Card className="flex w-full flex-col gap-3 p-4" data-testid="my-voice" data-voice-id={voice.voice_id}>
                  <div className="flex items-start gap-3">
                    <Avatar seed={voice.voice_id} name={voice.name} />
                    <div className="min-w-0 flex-1">
                      <h3 className="truncate font-semibold">{voice.name}</h3>
                      <span className="mt-1 flex flex-wrap gap-1">
                        <Badge tone="outline">{CATEGORY_LABEL[voice.category] ?? voice.category}</Badge>
                        {voice.fromLibrary ? <Badge tone="accent">From the library</Badge> : null}
                        {voice.published ? <Badge tone="success">{voice.copyable ? "Shared" : "Shared, listen only"}</Badge> : null}
                        {voice.live_moderation ? <Badge tone="warning">Live moderated</Badge> : null}
                      </span>
                    </div>
                  </div>
                  {voice.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{voice.description}</p> : null}
                  <div className="flex flex-wrap items-center gap-2">
                    {voice.preview ? <VoicePreviewButton voice={voice} labelled /> : null}
                    {voice.fromLibrary ? null : <ShareVoiceButton voice={voice} />}
                    {voice.link ? <CopyLinkButton path={voice.link} /> : null}
                    {voice.link ? (
                      <Link to={voice.link} className="text-sm underline-offset-4 hover:underline">
                        {`Public page · added ${voice.addedCount} ${voice.addedCount === 1 ? "time" : "times"}`}
                      </Link>
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Collections" description="Group voices for a project: the API lists a collection's voices with GET /v2/voices?collection_id=…">
        <Card>
          <CardContent className="pt-5">
            <Form method="post" noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <input type="hidden" name="intent" value="create" />
              <div className="flex flex-1 flex-col gap-1">
                <Label htmlFor="new-collection">New collection</Label>
                <Input id="new-collection" name="title" placeholder="e.g. Audiobook cast" maxLength={COLLECTION_TITLE_MAX} aria-invalid={errorFor("create") ? true : undefined} />
              </div>
              <Button type="submit" disabled={busy} data-testid="create-collection">
                <FolderPlus aria-hidden="true" /> Create
              </Button>
            </Form>
            {errorFor("create") ? (
              <Hint tone="error" className="mt-2">
                {errorFor("create")}
              </Hint>
            ) : null}
          </CardContent>
        </Card>
        {collections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No collection yet.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Collections">
            {collections.map((collection) => {
              const candidates = voices.filter((voice) => !collection.voiceIds.includes(voice.voice_id));
              return (
                <li key={collection.id}>
                  <Card className="flex flex-col gap-3 p-4" data-testid="collection">
                    {renaming === collection.id ? (
                      <Form method="post" className="flex items-center gap-2" onSubmit={() => setRenaming(null)}>
                        <input type="hidden" name="intent" value="rename" />
                        <input type="hidden" name="id" value={collection.id} />
                        <Input name="title" defaultValue={collection.title} aria-label="Collection title" maxLength={COLLECTION_TITLE_MAX} autoFocus />
                        <Button type="submit" size="sm">
                          Save
                        </Button>
                        <IconButton label="Cancel" icon={<X />} small onClick={() => setRenaming(null)} />
                      </Form>
                    ) : (
                      <div className="flex items-center justify-between gap-2">
                        <h3 className="truncate font-semibold">{collection.title}</h3>
                        <div className="flex gap-1">
                          <IconButton label={`Rename ${collection.title}`} icon={<Pencil />} small onClick={() => setRenaming(collection.id)} />
                          <IconButton label={`Delete ${collection.title}`} icon={<Trash2 />} small onClick={() => setDeleting({ id: collection.id, title: collection.title })} />
                        </div>
                      </div>
                    )}
                    {errorFor("rename", collection.id) ? <Hint tone="error">{errorFor("rename", collection.id)}</Hint> : null}
                    {collection.voiceIds.length === 0 ? (
                      <p className="text-sm text-muted-foreground">No voice in it yet.</p>
                    ) : (
                      <ul className="flex flex-wrap gap-2" aria-label={`Voices in ${collection.title}`}>
                        {collection.voiceIds.map((voiceId) => (
                          <li key={voiceId}>
                            <Form method="post" className="inline-flex items-center gap-1 rounded-full border border-border py-0.5 pl-3 pr-1 text-sm">
                              <input type="hidden" name="intent" value="remove-voice" />
                              <input type="hidden" name="id" value={collection.id} />
                              <input type="hidden" name="voice_id" value={voiceId} />
                              {nameOf.get(voiceId) ?? "A removed voice"}
                              <IconButton type="submit" label={`Remove ${nameOf.get(voiceId) ?? "voice"} from ${collection.title}`} icon={<X />} small />
                            </Form>
                          </li>
                        ))}
                      </ul>
                    )}
                    {candidates.length > 0 ? (
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="intent" value="add-voice" />
                        <input type="hidden" name="id" value={collection.id} />
                        <Select label={`Voice to add to ${collection.title}`} name="voice_id" className="flex-1" size="sm" placeholder="Choose a voice" options={candidates.map((voice) => ({ value: voice.voice_id, label: voice.own ? `${voice.name} (yours)` : voice.name }))} />
                        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                          <Plus aria-hidden="true" /> Add
                        </Button>
                      </Form>
                    ) : null}
                    {errorFor("add-voice", collection.id) ? <Hint tone="error">{errorFor("add-voice", collection.id)}</Hint> : null}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      {deleting ? (
        <Dialog title={`Delete ${deleting.title}?`} description="The collection goes; its voices stay." onClose={() => setDeleting(null)} testId="delete-collection-dialog">
          <Form method="post" onSubmit={() => setDeleting(null)}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <DialogActions onCancel={() => setDeleting(null)}>
              <Button type="submit" variant="destructive">
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
    </Page>
  );
}
