import { Hono } from "hono";
import { listedModels } from "~/speech/server/speech-engine.server";
import { honoursSetting } from "../../core/voices/voice-rules";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiDocs } from "~/api/route-docs";
import type { Model } from "../../core/speech/models";

export const modelsApi = new Hono<AuthedEnv>();
modelsApi.use("*", requireCaller);

const doc = apiDocs("Models");

modelsApi.get("/", doc("List the models this deployment serves", { success: { description: "JSON list of models: speech, then voice changer" } }), async (c) => {
  const { speech, voiceConversion } = await listedModels(c.env);
  return c.json([
    ...speech.map((m) => ({
      ...listing(m),
      // What the model's engine honours (app/voices/rules/voices.ts): style reaches the embedded engine's pitch
      // range; no engine has a speaker boost.
      can_use_style: honoursSetting(m.engine, "style"),
      can_use_speaker_boost: honoursSetting(m.engine, "use_speaker_boost"),
    })),
    ...voiceConversion.map((m) => ({ ...listing(m), can_use_style: false, can_use_speaker_boost: false })),
  ]);
});

/** The fields of a model listing that every kind of model shares, in the SDK's shape. */
function listing(m: Omit<Model, "engine">) {
  return {
    model_id: m.model_id,
    name: m.name,
    description: m.description,
    can_be_finetuned: false,
    can_do_text_to_speech: m.can_do_text_to_speech,
    can_do_voice_conversion: m.can_do_voice_conversion,
    serves_pro_voices: false,
    token_cost_factor: 1,
    requires_alpha_access: false,
    max_characters_request_free_user: m.max_characters_request_free_user,
    max_characters_request_subscribed_user: m.max_characters_request_subscribed_user,
    maximum_text_length_per_request: m.max_characters_request_subscribed_user,
    languages: m.languages,
    model_rates: { character_cost_multiplier: 1 },
    concurrency_group: "standard",
  };
}
