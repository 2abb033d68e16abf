import type { Database } from "../../../db/client";
import { consumeActionCode, findLiveActionCode, storeActionCode } from "../../../db/repositories/action-codes";
import { ACTION_CODE_TTL_SECONDS, type CodePurpose } from "~/accounts/rules/account-actions";
import { randomHex, sha256Hex } from "./tokens.server";
import { nowSeconds } from "../../../core/clock";

type CodeMode = CodePurpose;

/** Issues a single-use code for a purpose; the plain code goes into the e-mail, only its hash is stored. */
export async function issueActionCode(db: Database, userId: string, mode: CodeMode, payload?: unknown): Promise<string> {
  const code = randomHex(24);
  await storeActionCode(db, {
    codeHash: await sha256Hex(code),
    userId,
    mode,
    payload: payload === undefined ? null : JSON.stringify(payload),
    expiresAt: nowSeconds() + ACTION_CODE_TTL_SECONDS[mode],
  });
  return code;
}

/** Checks a code without using it up (e.g. before showing the new-password form). */
export async function checkActionCode(db: Database, code: string | null, mode: CodeMode) {
  if (!code || !/^[0-9a-f]{48}$/.test(code)) return undefined;
  return findLiveActionCode(db, await sha256Hex(code), mode, nowSeconds());
}

/** Uses a code up; undefined when it is unknown, expired, of another purpose, or already used. */
export async function redeemActionCode(db: Database, code: string | null, mode: CodeMode) {
  const row = await checkActionCode(db, code, mode);
  if (!row) return undefined;
  return (await consumeActionCode(db, row.codeHash, nowSeconds())) ? row : undefined;
}
