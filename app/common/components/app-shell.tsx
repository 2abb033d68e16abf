import { NavLink } from "@remix-run/react";
import { AudioLines, AudioWaveform, Banknote, BookA, BookOpen, Bot, Captions, CircleGauge, Clapperboard, CreditCard, Film, FlaskConical, Headset, House, KeyRound, Languages, Library, ListChecks, Mail, Menu, Mic2, Newspaper, ScanSearch, Settings, ShieldCheck, Sparkles, Speech, TextSelect, Users, UsersRound, Volume2, Wand2, Webhook, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { APP_SECTIONS, groupedSections, type AppSection, type AppSectionIcon } from "~/common/rules/navigation";
import { formatNumber } from "~/common/rules/format";
import { Sheet } from "~/common/ui/dialog";
import { Meter } from "~/common/ui/feedback";
import { Button } from "~/common/ui/button";
import { cn } from "~/common/ui/cn";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/** Each section's icon (the home page's shortcuts use them too). */
export const SECTION_ICONS: Record<AppSectionIcon, LucideIcon> = {
  home: House,
  speech: AudioLines,
  studio: BookOpen,
  voiceover: Film,
  sound: Volume2,
  isolator: AudioWaveform,
  classifier: ScanSearch,
  audioNative: Newspaper,
  productions: Clapperboard,
  payouts: Banknote,
  changer: Speech,
  transcription: Captions,
  alignment: TextSelect,
  dubbing: Languages,
  voices: Mic2,
  library: Library,
  design: Wand2,
  lab: FlaskConical,
  workspaceVoices: Sparkles,
  checklist: ListChecks,
  subscription: CreditCard,
  usage: CircleGauge,
  key: KeyRound,
  members: Users,
  invites: Mail,
  settings: Settings,
  groups: UsersRound,
  serviceAccounts: Bot,
  webhooks: Webhook,
  security: ShieldCheck,
  agents: Headset,
  pronunciation: BookA,
};

export type Credits = { used: number; limit: number };

/**
 * The signed-in frame: the sidebar (sections by group, credits left), the header, the page, and the
 * global player's row at the bottom. The frame is exactly the viewport's height (dvh, so a phone's
 * browser bars are allowed for): only the page scrolls, and the player row stays on screen.
 */
export function AppShell({ header, children, player, credits, sections = APP_SECTIONS }: { header?: ReactNode; children: ReactNode; player?: ReactNode; credits?: Credits; sections?: readonly AppSection[] }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div data-testid="app-frame" className="flex h-dvh flex-col overflow-hidden">
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-60 shrink-0 flex-col gap-4 overflow-y-auto border-r border-border p-4 md:flex">
          <Logo />
          <AppNav sections={sections} />
          {credits ? <CreditsLeft credits={credits} /> : null}
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
            <div className="flex items-center gap-2 md:hidden" data-testid="mobile-menu" data-open={menuOpen}>
              <Sheet
                title="Menu"
                open={menuOpen}
                onOpenChange={setMenuOpen}
                trigger={
                  <Button variant="ghost" size="icon" aria-label="Menu">
                    <Menu aria-hidden="true" />
                  </Button>
                }
              >
                <div onClick={(event) => (event.target as HTMLElement).closest("a") && setMenuOpen(false)}>
                  <AppNav sections={sections} />
                </div>
                {credits ? <CreditsLeft credits={credits} /> : null}
              </Sheet>
              <Logo />
            </div>
            <div className="flex flex-1 items-center justify-end gap-2">
              {header}
              <ThemeToggle />
            </div>
          </header>
          <main className="min-h-0 flex-1 overflow-y-auto px-4 py-6 sm:px-6 lg:px-8">{children}</main>
        </div>
      </div>
      <div id="global-player-slot" data-testid="global-player-slot" className="shrink-0">
        {player}
      </div>
    </div>
  );
}

function AppNav({ sections }: { sections: readonly AppSection[] }) {
  return (
    <nav aria-label="App" className="flex flex-col gap-4">
      {groupedSections(sections).map(({ group, sections }) => (
        <div key={group}>
          <p className="mb-1 px-3 text-xs font-medium uppercase tracking-wide text-muted-foreground">{group}</p>
          <ul className="flex flex-col gap-0.5">
            {sections.map((section) => {
              const Icon = SECTION_ICONS[section.icon];
              return (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end
                    className={({ isActive }) =>
                      cn("flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm", isActive ? "bg-muted font-medium text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground")
                    }
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {section.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function CreditsLeft({ credits }: { credits: Credits }) {
  const left = Math.max(0, credits.limit - credits.used);
  return (
    <div className="mt-auto rounded-xl border border-border p-3" data-testid="credits-left">
      <div className="mb-2 flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium">Credits left</span>
        <span className="tabular-nums text-muted-foreground">{formatNumber(left)}</span>
      </div>
      <Meter label="Credits used this period" value={credits.used} max={credits.limit} valueText={`${formatNumber(credits.used)} of ${formatNumber(credits.limit)} used`} />
      <NavLink to="/app/subscription" className="mt-2 block text-xs font-medium text-accent-foreground hover:underline">
        Upgrade or add credits
      </NavLink>
    </div>
  );
}
