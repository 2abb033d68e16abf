/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation, e.g.
 * `line_items[0][price]=price_1&metadata[workspace_id]=w1&expand[]=data.product`. This turns such a body
 * (or query string) into nested objects and arrays; every leaf stays a string, as on the wire.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** Keys that would reach Object.prototype if used as plain property names. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function parseForm(encoded: string | URLSearchParams): FormObject {
  const params = typeof encoded === "string" ? new URLSearchParams(encoded) : encoded;
  const root: FormObject = {};
  for (const [rawKey, value] of params) {
    const path = splitKey(rawKey);
    if (path.length === 0 || path.some((segment) => FORBIDDEN_KEYS.has(segment))) continue;
    assign(root, path, value);
  }
  return arraysFromIndexedObjects(root) as FormObject;
}

/** `a[b][0][]` → ["a", "b", "0", ""]; a key without brackets is one segment. */
export function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open === -1) return [key];
  const segments = [key.slice(0, open)];
  const pattern = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(key.slice(open))) !== null) segments.push(match[1]);
  return segments;
}

function assign(root: FormObject, path: string[], value: string): void {
  let node: FormObject = root;
  for (let i = 0; i < path.length; i++) {
    // `[]` appends: it takes the next free index of the container.
    const segment = path[i] === "" ? String(Object.keys(node).length) : path[i];
    if (i === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as FormObject;
  }
}

/** Containers whose keys are all indices become arrays (in index order), as Stripe reads `x[0]`, `x[1]`. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexedObjects(value[key]);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
  }
  return value;
}

// Typed readers. A wrong shape (an object where a string is expected) is treated as absent by `str`, and
// reported by the callers that require a value.

export function child(params: FormObject | undefined, key: string): FormValue | undefined {
  return params && Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined;
}

export function str(params: FormObject | undefined, key: string): string | undefined {
  const value = child(params, key);
  return typeof value === "string" ? value : undefined;
}

export function obj(params: FormObject | undefined, key: string): FormObject | undefined {
  const value = child(params, key);
  return typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

/** A list given as `x[0]=..` or `x[]=..`; an empty string (`x=`) is the empty list, as Stripe's "unset". */
export function list(params: FormObject | undefined, key: string): FormValue[] | undefined {
  const value = child(params, key);
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  if (value === "") return [];
  return [value];
}

export function strings(params: FormObject | undefined, key: string): string[] {
  return (list(params, key) ?? []).filter((item): item is string => typeof item === "string");
}

export function bool(params: FormObject | undefined, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  return value === "true";
}

export function int(params: FormObject | undefined, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined || value === "" || !/^-?\d+$/.test(value)) return undefined;
  return Number(value);
}

/** Metadata as Stripe treats it on update: string values set a key, an empty string removes it. */
export function applyMetadata(current: Record<string, string>, params: FormObject | undefined, key = "metadata"): Record<string, string> {
  const value = child(params, key);
  if (value === undefined) return current;
  if (value === "") return {};
  if (typeof value !== "object" || Array.isArray(value)) return current;
  const next = { ...current };
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== "string") continue;
    if (entry === "") delete next[name];
    else next[name] = entry;
  }
  return next;
}
