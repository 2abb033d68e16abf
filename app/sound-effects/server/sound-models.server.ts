import { speechEngine } from "~/speech/speech.server";

/** The sound models served: the catalog's sound-generation models, the first the default. */
export async function soundModels(env: Env): Promise<string[]> {
  return (await speechEngine(env).catalog()).capabilities["sound-generation"].flatMap((p) => p.models.map((m) => m.id));
}
