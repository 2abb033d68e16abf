import { avatarLook } from "~/common/rules/avatar";
import { cn } from "./cn";

const SIZES = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-14 text-base" } as const;

/** A generated avatar: a gradient orb from the seed, with the name's initial; decorative (the name is shown beside it). */
export function Avatar({ seed, name, size = "md", className }: { seed: string; name: string; size?: keyof typeof SIZES; className?: string }) {
  const look = avatarLook(seed);
  return (
    <span
      aria-hidden="true"
      data-testid="avatar"
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white shadow-inner", SIZES[size], className)}
      style={{ backgroundImage: `linear-gradient(${look.angle}deg, ${look.from}, ${look.to})`, textShadow: "0 1px 2px rgb(0 0 0 / 0.45)" }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
