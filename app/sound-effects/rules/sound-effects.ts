// Sound effects' rules: the request's limits, what a generation costs (decision 0028), and the explore
// catalogue of example descriptions by category.

export const SOUND_TEXT_MAX_CHARACTERS = 450;
export const SOUND_DURATION_RANGE = { min: 0.5, max: 22 } as const;
export const PROMPT_INFLUENCE_DEFAULT = 0.3;

/** Credits charged per second of audio generated (decision 0028), at least one second's worth. */
export const SOUND_CREDITS_PER_SECOND = 20;

export function soundCredits(seconds: number): number {
  return Math.ceil(Math.max(1, seconds) * SOUND_CREDITS_PER_SECOND);
}

/** What the quota check reserves before the engine has chosen an automatic duration: the longest there can be. */
export function creditsToReserve(requestedSeconds: number | null): number {
  return soundCredits(requestedSeconds ?? SOUND_DURATION_RANGE.max);
}

/** The usage-event and history source of sound generations. */
export const SOUND_SOURCE = "SFX";
/** How usage statistics name sound effects (their source, and in the voice breakdown, where they have no voice). */
export const SOUND_USAGE_LABEL = "Sound effects";

/** What the page says the embedded engine is: procedural audio, not a generative model. */
export const PROCEDURAL_ENGINE_NOTICE =
  "Sounds are built by a procedural audio engine (shaped noise, modal synthesis, granular layers) from the words of your description: rain, wind, water, fire, thunder, footsteps, impacts, whooshes, engines, crowds, birds and interface sounds. It is not a generative model; a deployment can configure one.";

export type CatalogueCategory = { id: string; label: string; prompts: string[] };

/** Example descriptions, each one the engine has a recipe for; clicking one generates it. */
export const SOUND_CATALOGUE: readonly CatalogueCategory[] = [
  { id: "weather", label: "Weather", prompts: ["Heavy rain on a tin roof", "Gentle rain", "Howling wind in the mountains", "Distant thunder rolling", "Thunderstorm with rain", "Light breeze"] },
  { id: "water", label: "Water", prompts: ["A babbling brook", "Ocean waves on the shore", "Water dripping in a cave", "A big splash into a lake", "Bubbles in water"] },
  { id: "fire", label: "Fire", prompts: ["Crackling campfire", "A roaring bonfire", "Fireplace embers, soft crackle"] },
  { id: "foley", label: "Footsteps & foley", prompts: ["Footsteps on gravel", "Slow footsteps on a wooden floor", "Running footsteps on concrete", "Footsteps in snow", "Knocking on a wooden door"] },
  { id: "impacts", label: "Impacts", prompts: ["Metal pipe hit", "Glass bottle shatter", "A heavy punch", "Door slam", "A big anvil strike"] },
  { id: "transitions", label: "Whooshes", prompts: ["A fast whoosh transition", "Slow swoosh", "Sword swing"] },
  { id: "vehicles", label: "Engines", prompts: ["Car engine idling", "Motorcycle revving", "A diesel truck engine", "Distant car engine"] },
  { id: "crowds", label: "Crowds", prompts: ["Crowd applause in a theatre", "Stadium crowd cheering", "Restaurant chatter", "Quiet murmur of people"] },
  { id: "nature", label: "Birds", prompts: ["Birds chirping at dawn", "A single bird tweeting", "Forest with many birds"] },
  { id: "interface", label: "Interface", prompts: ["A mouse click", "A short beep", "A phone notification chime", "Error alert", "Typing on a keyboard", "Timer beeps"] },
];

/** The catalogue's prompts in a category (all when none) whose words contain the query's, with their category. */
export function searchCatalogue(query: string, categoryId: string | null): { category: CatalogueCategory; prompt: string }[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  return SOUND_CATALOGUE.filter((c) => !categoryId || c.id === categoryId).flatMap((category) =>
    category.prompts.filter((prompt) => terms.every((t) => prompt.toLowerCase().includes(t) || category.label.toLowerCase().includes(t))).map((prompt) => ({ category, prompt })),
  );
}

/** The duration's label on the page: "Auto" or seconds with one decimal. */
export function durationLabel(seconds: number | null): string {
  return seconds === null ? "Auto" : `${seconds.toFixed(1)} s`;
}
