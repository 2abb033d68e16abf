// The premade voices as the migrations seed them (INSERT INTO `voices` ...), for unit tests that check rules
// against the real voices without a database. The migrations are the only list of the premade voices.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Voice } from "../../core/voices/voices";

const MIGRATIONS = fileURLToPath(new URL("../../migrations/", import.meta.url));
const JSON_COLUMNS = new Set(["labels", "engine_parameters", "samples", "verified_languages", "high_quality_base_model_ids", "verification_failures"]);

/** SQL literals of one VALUES tuple: 'text' (with '' for a quote), NULL and numbers. */
function literals(tuple: string): (string | number | null)[] {
  return [...tuple.matchAll(/'((?:[^']|'')*)'|NULL|-?\d+(?:\.\d+)?/g)].map((m) => (m[1] !== undefined ? m[1].replaceAll("''", "'") : m[0] === "NULL" ? null : Number(m[0])));
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function seededVoices(): Voice[] {
  const voices: Voice[] = [];
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith(".sql")).sort()) {
    for (const match of readFileSync(MIGRATIONS + file, "utf8").matchAll(/^INSERT INTO `voices` \(([^)]*)\) VALUES \((.*)\);/gm)) {
      const columns = match[1]!.split(",").map((column) => column.trim().replaceAll("`", ""));
      const values = literals(match[2]!);
      if (values.length !== columns.length) throw new Error(`${file}: ${columns.length} columns, ${values.length} values`);
      const row: Record<string, unknown> = {
        workspaceId: null, description: null, previewKey: null, samples: null, verifiedLanguages: [], highQualityBaseModelIds: [], sharingStatus: null,
        liveModerationEnabled: false, requiresVerification: false, isVerified: false, verificationAttempts: 0, verificationFailures: [], fineTuningState: null, verificationChallenge: null,
        safetyControl: null, safetyReason: null, createdAt: 0,
      };
      columns.forEach((column, i) => {
        const value = values[i];
        row[camel(column)] = JSON_COLUMNS.has(column) && typeof value === "string" ? JSON.parse(value) : value;
      });
      voices.push(row as Voice);
    }
  }
  return voices;
}

export const PREMADE_VOICES: readonly Voice[] = seededVoices();
