import { useFetcher } from "@remix-run/react";
import { Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Dialog } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Select } from "~/common/ui/select";
import { RESOURCE_TYPE_LABELS, ROLE_LABELS, SHARE_DIALOG_ROLES, type ResourceRole, type ResourceType } from "../../../core/workspace/resource-sharing";

/** What the dialog loads from /app/workspace/resources/<type>/<id>. */
export type SharingView = {
  /** Whether the viewer holds the admin role on the resource (only then may they share and unshare). */
  canShare: boolean;
  role: ResourceRole;
  access: { kind: "creator" | "user" | "group" | "workspace"; id: string; name: string; role: ResourceRole }[];
  options: { kind: "user" | "group"; id: string; name: string }[];
};

const EVERYONE = "workspace";
const principalOf = (entry: { kind: string; id: string }) => (entry.kind === "workspace" ? EVERYONE : `${entry.kind}:${entry.id}`);
const KIND_LABELS = { creator: "Creator", user: "Member", group: "Group", workspace: "Workspace" } as const;

/** A resource's "Access" button: who may see, change and share it in the workspace, and sharing it further. */
export function ShareButton({ type, id, name }: { type: ResourceType; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="resource-access">
        <Users aria-hidden="true" /> Access<span className="sr-only">{` to ${name}`}</span>
      </Button>
      {open ? <ShareDialog type={type} id={id} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ShareDialog({ type, id, name, onClose }: { type: ResourceType; id: string; name: string; onClose: () => void }) {
  const path = `/app/workspace/resources/${type}/${encodeURIComponent(id)}`;
  const view = useFetcher<SharingView>();
  const change = useFetcher<{ ok?: boolean; error?: string }>();
  const [principal, setPrincipal] = useState("");
  const [role, setRole] = useState<ResourceRole>("viewer");
  const { load } = view;
  useEffect(() => load(path), [load, path]);
  const changed = change.state === "idle" ? change.data : undefined;
  useEffect(() => {
    if (changed?.ok) {
      setPrincipal("");
      load(path);
    }
  }, [changed, load, path]);
  const data = view.data;
  const everyoneNamed = data?.access.some((a) => a.kind === "workspace") ?? true;
  const options = data
    ? [
        ...(everyoneNamed ? [] : [{ value: EVERYONE, label: "Everyone in the workspace" }]),
        ...data.options.map((o) => ({ value: principalOf(o), label: o.kind === "group" ? `Group: ${o.name}` : o.name })),
      ]
    : [];
  return (
    <Dialog title={`Access to ${name}`} description={`Who in the workspace may use, change or share this ${RESOURCE_TYPE_LABELS[type]}. Workspace admins always may.`} onClose={onClose} testId="resource-access-dialog">
      {!data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-border" aria-label="Who has access" data-testid="access-list">
            {data.access.map((entry) => (
              <li key={principalOf(entry)} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  {entry.name} <span className="text-xs text-muted-foreground">({KIND_LABELS[entry.kind]})</span>
                </span>
                <span className="flex items-center gap-2">
                  <Badge tone={entry.role === "admin" ? "accent" : "neutral"}>{ROLE_LABELS[entry.role]}</Badge>
                  {data.canShare && entry.kind !== "creator" ? (
                    <Button size="sm" variant="ghost" onClick={() => change.submit({ intent: "unshare", principal: principalOf(entry) }, { method: "post", action: path })}>
                      Remove<span className="sr-only">{` ${entry.name}`}</span>
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          {data.canShare ? (
            options.length ? (
              <form
                className="flex flex-col gap-3 sm:flex-row sm:items-end"
                onSubmit={(event) => {
                  event.preventDefault();
                  change.submit({ intent: "share", principal, role }, { method: "post", action: path });
                }}
              >
                <div className="flex-1">
                  <Select label="Share with" placeholder="Share with…" options={options} value={principal} onValueChange={setPrincipal} testId="share-with" className="w-full" />
                </div>
                <Select label="Role" options={SHARE_DIALOG_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} value={role} onValueChange={(value) => setRole(value as ResourceRole)} testId="share-role" />
                <Button type="submit" disabled={!principal || change.state !== "idle"}>
                  Share
                </Button>
              </form>
            ) : (
              <p className="text-sm text-muted-foreground">Everyone in the workspace already has access.</p>
            )
          ) : (
            <p className="text-sm text-muted-foreground">You are a {ROLE_LABELS[data.role].toLowerCase()} here: its creator or a workspace admin can share it further.</p>
          )}
          {changed?.error ? <Hint tone="error">{changed.error}</Hint> : null}
        </div>
      )}
    </Dialog>
  );
}
