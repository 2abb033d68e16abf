import type { Database } from "../../../db/client";
import { findUserById, updateUser, type UserRow } from "../../../db/repositories/users";
import { PRODUCT_NAME } from "../../../core/brand";
import { base32Encode, BACKUP_CODE_COUNT, otpauthUri, verifyTotp } from "~/accounts/rules/totp";
import { verifyPassword } from "../../../core/password-hash";
import { randomHex, sha256Hex } from "./tokens.server";
import { checkActionCode } from "./action-codes.server";
import { nowSeconds } from "../../../core/clock";

/**
 * Starts setup: a new secret, not enforced until a code from it is confirmed. Replacing an enrolled factor
 * needs a current code from it (or a backup code): a session alone must never change the second factor.
 * Null when that proof is missing or wrong.
 */
export async function beginTotpSetup(db: Database, user: UserRow, currentCode?: string): Promise<{ secret: string; uri: string } | null> {
  if (!(await provesCurrentFactor(db, user, currentCode))) return null;
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  await updateUser(db, user.id, { totpSecret: secret, totpEnabledAt: null, backupCodeHashes: null });
  return { secret, uri: otpauthUri(secret, user.email, PRODUCT_NAME) };
}

/** Enables two-factor sign-in once a code from the new secret checks out; returns the backup codes (shown once). */
export async function confirmTotpSetup(db: Database, userId: string, code: string): Promise<string[] | null> {
  const user = await findUserById(db, userId);
  if (!user?.totpSecret || !(await verifyTotp(user.totpSecret, code.trim(), nowSeconds()))) return null;
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => randomHex(5));
  await updateUser(db, user.id, { totpEnabledAt: nowSeconds(), backupCodeHashes: JSON.stringify(await Promise.all(codes.map(sha256Hex))) });
  return codes;
}

/** The user a sign-in waits on for the second factor (the password was right), by its pending code; the code stays unused. */
export async function pendingSecondFactorUser(db: Database, pendingCode: string): Promise<UserRow | undefined> {
  const pending = await checkActionCode(db, pendingCode, "mfaSignIn");
  return pending ? findUserById(db, pending.userId) : undefined;
}

/** Turns two-factor sign-in off, only with a current code (or a backup code); false when it is missing or wrong. */
export async function disableTotp(db: Database, user: UserRow, code: string): Promise<boolean> {
  if (user.totpEnabledAt === null || !(await verifySecondFactor(db, user, code))) return false;
  await updateUser(db, user.id, { totpSecret: null, totpEnabledAt: null, backupCodeHashes: null });
  return true;
}

/** True when no factor is enrolled, or when `code` proves the enrolled one. */
async function provesCurrentFactor(db: Database, user: UserRow, code: string | undefined): Promise<boolean> {
  if (user.totpEnabledAt === null) return true;
  return code !== undefined && code.trim() !== "" && (await verifySecondFactor(db, user, code));
}

/** A current TOTP code, or an unused backup code (which is then used up). */
export async function verifySecondFactor(db: Database, user: UserRow, code: string): Promise<boolean> {
  const trimmed = code.trim().toLowerCase();
  if (user.totpSecret && (await verifyTotp(user.totpSecret, trimmed, nowSeconds()))) return true;
  const hashes = user.backupCodeHashes ? (JSON.parse(user.backupCodeHashes) as string[]) : [];
  const hash = await sha256Hex(trimmed);
  if (!hashes.includes(hash)) return false;
  await updateUser(db, user.id, { backupCodeHashes: JSON.stringify(hashes.filter((h) => h !== hash)) });
  return true;
}

/** A change to an enrolled second factor without a current code. */
export const CURRENT_FACTOR_REQUIRED = "Two-factor sign-in is on: enter a current code from your authenticator (or a backup code) to change it.";

export const SENSITIVE_ACTION_FAILED = "Please confirm with your password and, when two-factor sign-in is on, a current code.";

/**
 * Sensitive actions (changing the e-mail, deleting the account, creating API keys) are confirmed again:
 * with the password when asked for, and with a second-factor code whenever two-factor sign-in is on.
 */
export async function verifySensitiveAction(db: Database, user: UserRow, proof: { password?: string; code?: string }, needsPassword: boolean): Promise<boolean> {
  if (needsPassword && !(proof.password && (await verifyPassword(proof.password.trim(), user.passwordHash)))) return false;
  if (user.totpEnabledAt !== null && !(proof.code && (await verifySecondFactor(db, user, proof.code)))) return false;
  return true;
}
