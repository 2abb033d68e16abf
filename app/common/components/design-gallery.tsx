import { AudioLines, Inbox, MoreHorizontal, Play, Share2, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { Combobox } from "~/common/ui/combobox";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { EmptyState, Hint, Meter, Skeleton } from "~/common/ui/feedback";
import { FilePicker } from "~/common/ui/file-picker";
import { IconButton } from "~/common/ui/icon-button";
import { Input, Label, Textarea } from "~/common/ui/input";
import { DropdownMenu, MenuItem, MenuSeparator } from "~/common/ui/menu";
import { NativeSelect } from "~/common/ui/native-select";
import { Select } from "~/common/ui/select";
import { Slider } from "~/common/ui/slider";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/common/ui/tabs";
import { Tooltip } from "~/common/ui/tooltip";
import { useToast } from "./toasts";

const SAMPLE_VOICES = [
  { value: "aria", label: "Aria", keywords: ["english", "female"] },
  { value: "roger", label: "Roger", keywords: ["english", "male"] },
  { value: "sarah", label: "Sarah", keywords: ["english", "female"] },
];

/** Every shared component once, in the given theme: the reference the product areas copy. */
export function DesignGallery({ theme }: { theme: "light" | "dark" }) {
  return (
    <div data-testid={`gallery-${theme}`} className={cn(theme, "flex flex-col gap-6 rounded-2xl border border-border bg-background p-5 text-foreground")}>
      <h2 className="text-lg font-semibold capitalize">{theme}</h2>
      <Specimen name="Buttons">
        <div className="flex flex-wrap items-center gap-2">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="accent">Accent</Button>
          <Button variant="destructive">Delete</Button>
          <Button disabled>Disabled</Button>
          <IconButton label="Play" icon={<Play aria-hidden="true" />} variant="secondary" />
          <Tooltip content="Tooltips open after 400 ms">
            <Button variant="secondary" size="sm">Hover me</Button>
          </Tooltip>
        </div>
      </Specimen>
      <Specimen name="Inputs">
        <GalleryInputs theme={theme} />
      </Specimen>
      <Specimen name="Select, combobox, slider">
        <GalleryChoices theme={theme} />
      </Specimen>
      <Specimen name="Tabs">
        <Tabs defaultValue="one">
          <TabsList label={`Example tabs (${theme})`}>
            <TabsTrigger value="one">Settings</TabsTrigger>
            <TabsTrigger value="two">History</TabsTrigger>
          </TabsList>
          <TabsContent value="one" className="pt-3 text-sm text-muted-foreground">The first panel.</TabsContent>
          <TabsContent value="two" className="pt-3 text-sm text-muted-foreground">The second panel.</TabsContent>
        </Tabs>
      </Specimen>
      <Specimen name="Card, avatar, badges">
        <Card>
          <CardHeader title="Aria" description="Warm, expressive narration" actions={<IconButton label="Preview Aria" icon={<Play aria-hidden="true" />} small />} />
          <CardContent className="flex items-center gap-3">
            <Avatar seed="9BWtsMINqrJLrRacOk9x" name="Aria" />
            <Badge tone="accent">English</Badge>
            <Badge>female</Badge>
            <Badge tone="success">Ready</Badge>
            <Badge tone="warning">Pending</Badge>
            <Badge tone="danger">Failed</Badge>
          </CardContent>
        </Card>
      </Specimen>
      <Specimen name="Table with row actions">
        <Table>
          <TableHead>
            <tr>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell className="text-right">Actions</TableHeaderCell>
            </tr>
          </TableHead>
          <tbody>
            <TableRow>
              <TableCell>First generation</TableCell>
              <TableCell className="text-right">
                <RowActions theme={theme} />
              </TableCell>
            </TableRow>
          </tbody>
        </Table>
      </Specimen>
      <Specimen name="Meter, skeleton, empty state, toast">
        <Meter label={`Credits used (${theme})`} value={3200} max={10000} valueText="3,200 of 10,000 used" />
        <div className="flex gap-2">
          <Skeleton className="h-10 w-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
        <EmptyState icon={<Inbox aria-hidden="true" />} title="No generations yet" action={<Button size="sm">Create speech</Button>}>
          What you generate appears here.
        </EmptyState>
        <ToastButton />
      </Specimen>
      <Specimen name="Dialog">
        <DialogButton />
      </Specimen>
    </div>
  );
}

function Specimen({ name, children }: { name: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{name}</h3>
      {children}
    </section>
  );
}

function GalleryInputs({ theme }: { theme: string }) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`g-name-${theme}`}>Name</Label>
        <Input id={`g-name-${theme}`} placeholder="My API key" />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`g-bad-${theme}`}>With an error</Label>
        <Input id={`g-bad-${theme}`} aria-invalid="true" aria-describedby={`g-bad-${theme}-error`} defaultValue="x" />
        <Hint id={`g-bad-${theme}-error`} tone="error">Enter a name of at least 3 characters.</Hint>
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor={`g-text-${theme}`}>Text</Label>
        <Textarea id={`g-text-${theme}`} rows={2} value={text} onChange={(event) => setText(event.target.value)} />
        <Hint>{text.length}/20 characters minimum</Hint>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`g-quality-${theme}`}>Native select (posts before hydration)</Label>
        <NativeSelect id={`g-quality-${theme}`} defaultValue="standard" options={[{ value: "standard", label: "Standard" }, { value: "high", label: "High" }]} />
      </div>
      <FilePicker id={`g-file-${theme}`} label="File" buttonLabel="Choose file" emptyLabel="No file chosen" accept="audio/*" chosen={file} onChoose={setFile} />
    </div>
  );
}

function GalleryChoices({ theme }: { theme: string }) {
  const [model, setModel] = useState("multilingual");
  const [voice, setVoice] = useState("aria");
  const [stability, setStability] = useState(0.5);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select label={`Model (${theme})`} value={model} onValueChange={setModel} options={[{ value: "multilingual", label: "Multilingual" }, { value: "flash", label: "Flash" }]} />
      <Combobox
        label={`Voice (${theme})`}
        items={SAMPLE_VOICES}
        value={voice}
        onValueChange={setVoice}
        renderItem={(item) => (
          <>
            <Avatar seed={item.value} name={item.label} size="sm" />
            {item.label}
          </>
        )}
        renderValue={(item) => (item ? <><Avatar seed={item.value} name={item.label} size="sm" className="size-6" />{item.label}</> : "Choose a voice")}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <div className="flex justify-between text-sm">
          <span>Stability</span>
          <span className="tabular-nums text-muted-foreground">{stability.toFixed(2)}</span>
        </div>
        <Slider label={`Stability (${theme})`} value={stability} onValueChange={setStability} min={0} max={1} step={0.01} valueText={stability.toFixed(2)} />
      </div>
    </div>
  );
}

function RowActions({ theme }: { theme: string }) {
  return (
    <div className="inline-flex items-center gap-1">
      <IconButton label={`Share (${theme})`} icon={<Share2 aria-hidden="true" />} small />
      <DropdownMenu trigger={<IconButton label={`More (${theme})`} icon={<MoreHorizontal aria-hidden="true" />} small />}>
        <MenuItem icon={<AudioLines aria-hidden="true" />} onSelect={() => undefined}>
          Regenerate
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={<Trash2 aria-hidden="true" />} destructive onSelect={() => undefined}>
          Delete
        </MenuItem>
      </DropdownMenu>
    </div>
  );
}

function ToastButton() {
  const toast = useToast();
  return (
    <Button variant="secondary" size="sm" className="self-start" onClick={() => toast.show("Saved", "success")}>
      Show a toast
    </Button>
  );
}

function DialogButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => setOpen(true)}>
        Open a dialog
      </Button>
      {open ? (
        <Dialog title="An example dialog" description="Closes by its button, the backdrop or Escape." onClose={() => setOpen(false)} testId="gallery-dialog">
          <DialogActions onCancel={() => setOpen(false)}>
            <Button onClick={() => setOpen(false)}>OK</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
