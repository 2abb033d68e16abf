// Agent procedures (decision 0090): a branch's working set (its tip's published versions with its drafts over
// them), what a procedure's content refers to, the checks `compile` and a commit make, and the workflow a compile
// answers. Pure: no database here.

export const PROCEDURE_TYPES = ["free_form", "deterministic", "folder"] as const;
export type ProcedureType = (typeof PROCEDURE_TYPES)[number];

export const PROCEDURE_LIMITS = { name: 200, trigger: 5_000, content: 50_000, perBranch: 200 } as const;

export const PROCEDURE_TEXTS = {
  notFound: "Procedure not found.",
  versionNotFound: "Procedure version not found.",
  agentVersionNotFound: "Agent version not found on this branch.",
  defaultName: "Untitled procedure",
  typeChange: "A procedure's type cannot be changed.",
  folderNotFound: "folder_parent_id must name a folder on this branch.",
  folderCycle: "A folder cannot be placed inside itself.",
  folderHasContent: "A folder has no content.",
  tooMany: `A branch holds at most ${PROCEDURE_LIMITS.perBranch} procedures.`,
  handoffIntoRemoved: (names: string[]) => `Other procedures hand off into what would be removed: ${names.join(", ")}. Remove those references first.`,
  noDraft: "There are no procedure drafts on this branch to compile.",
  noDraftOf: "This procedure has no draft on this branch.",
  commitInvalid: (problems: string[]) => `Procedure drafts on this branch are not valid, so nothing was committed: ${problems.join("; ")}.`,
  invalid: "Some procedures are not valid: see errors.",
  contentRequired: "Content is required.",
  triggerUnreachable: "The trigger is empty and no procedure hands off to this one: give it a trigger or reference it from another procedure.",
  unknownTool: (id: string) => `Tool ${id} is not the workspace's.`,
  unknownDocument: (id: string) => `Knowledge base document ${id} is not the workspace's.`,
  unknownProcedure: (id: string) => `Procedure ${id} is not on this branch.`,
  folderReference: (id: string) => `Procedure ${id} is a folder: hand off to a procedure inside it.`,
  selfReference: "A procedure cannot hand off to itself.",
  unknownSystemTool: (name: string) => `There is no system tool named ${name}.`,
  notJson: "Structured content must be a JSON object with a non-empty steps array.",
  noSteps: "A structured procedure needs at least one step.",
  stepType: (n: number) => `Step ${n}: the type must be one of ${STEP_TYPES.join(", ")}.`,
  stepField: (n: number, type: string, field: string) => `Step ${n}: ${type} step requires ${field}.`,
  noBranches: (n: number) => `Step ${n}: a branch step needs at least one branch.`,
  condition: (n: number) => `Step ${n}: each branch needs an llm condition or an expression.`,
} as const;

/** What a procedure says: the body of a draft or a published version. */
export type ProcedureBody = { name: string; content: string; type: ProcedureType; trigger: string; folderParentId: string | null };

/** A procedure of a branch's working set: its published version there (null while only drafted) and its draft. */
export type WorkingProcedure = { procedureId: string; versionId: string | null; hasDraft: boolean; body: ProcedureBody };

export type Published = { procedureId: string; versionId: string; body: ProcedureBody };
export type Drafted = { procedureId: string; removed: boolean; body: ProcedureBody };

/**
 * The branch's procedures as its next commit would carry them: each published one, unless its draft replaces it
 * (then `versionId` is null: the draft is not a version) or removes it; drafted ones never published follow.
 * Sorted by name, then id, so lists are stable.
 */
export function workingSet(published: Published[], drafts: Drafted[]): WorkingProcedure[] {
  const draftOf = new Map(drafts.map((d) => [d.procedureId, d]));
  const set: WorkingProcedure[] = [];
  for (const p of published) {
    const draft = draftOf.get(p.procedureId);
    if (draft?.removed) continue;
    set.push(draft ? { procedureId: p.procedureId, versionId: null, hasDraft: true, body: draft.body } : { procedureId: p.procedureId, versionId: p.versionId, hasDraft: false, body: p.body });
  }
  const publishedIds = new Set(published.map((p) => p.procedureId));
  for (const d of drafts) if (!d.removed && !publishedIds.has(d.procedureId)) set.push({ procedureId: d.procedureId, versionId: null, hasDraft: true, body: d.body });
  return set.sort((a, b) => a.body.name.localeCompare(b.body.name) || a.procedureId.localeCompare(b.procedureId));
}

export type References = { toolIds: string[]; kbIds: string[]; procedureIds: string[]; dynamicVariables: string[]; systemTools: string[] };

const INLINE = /\[(tool|kb|procedure|system_tool)\s+id="([^"\]]+)"[^\]]*\]/g;
const VARIABLE = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;
const unique = (values: string[]) => [...new Set(values)];

/** A structured procedure's content, or null when it is not a JSON object with a steps array. */
export function structuredContent(content: string): { trigger?: unknown; steps: unknown[] } | null {
  try {
    const parsed = JSON.parse(content) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const steps = (parsed as { steps?: unknown }).steps;
    return Array.isArray(steps) ? { ...(parsed as object), steps } : null;
  } catch {
    return null;
  }
}

type Step = Record<string, unknown>;
const asStep = (value: unknown): Step => (value && typeof value === "object" && !Array.isArray(value) ? (value as Step) : {});
const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Every step of a structured procedure, nested branches included, in order. */
function allSteps(steps: unknown[]): Step[] {
  return steps.flatMap((raw) => {
    const step = asStep(raw);
    if (step.type !== "branch") return [step];
    const branches = Array.isArray(step.branches) ? step.branches : [];
    const nested = branches.flatMap((b) => { const inner = asStep(b).steps; return Array.isArray(inner) ? inner : []; });
    return [step, ...allSteps([...nested, ...(Array.isArray(step.fallback) ? step.fallback : [])])];
  });
}

/**
 * What a procedure refers to: free-form content's inline references (`[tool id="…" name="…"]`, `[kb id="…"]`,
 * `[procedure id="…"]`, `[system_tool id="end_call"]`), a structured procedure's tool_call and system_tool steps,
 * and the dynamic variables (`{{name}}`) of its trigger and content.
 */
export function procedureReferences(body: Pick<ProcedureBody, "content" | "type" | "trigger">): References {
  const variables = [...`${body.trigger}\n${body.content}`.matchAll(VARIABLE)].map((m) => m[1]!);
  if (body.type === "deterministic") {
    const steps = allSteps(structuredContent(body.content)?.steps ?? []);
    return {
      toolIds: unique(steps.filter((s) => s.type === "tool_call").map((s) => text(s.tool_id)).filter(Boolean)),
      kbIds: [],
      procedureIds: [],
      dynamicVariables: unique(variables),
      systemTools: unique(steps.filter((s) => s.type === "system_tool").map((s) => text(s.system_tool_name)).filter(Boolean)),
    };
  }
  const inline = [...`${body.trigger}\n${body.content}`.matchAll(INLINE)].map((m) => ({ kind: m[1]!, id: m[2]!.trim() }));
  const of = (kind: string) => unique(inline.filter((r) => r.kind === kind).map((r) => r.id));
  return { toolIds: of("tool"), kbIds: of("kb"), procedureIds: of("procedure"), dynamicVariables: unique(variables), systemTools: of("system_tool") };
}

/** The procedures inside a folder, at any depth, with the folder itself. */
export function subtreeOf(set: Pick<WorkingProcedure, "procedureId" | "body">[], rootId: string): Set<string> {
  const inside = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of set) {
      if (!inside.has(p.procedureId) && p.body.folderParentId && inside.has(p.body.folderParentId)) {
        inside.add(p.procedureId);
        grew = true;
      }
    }
  }
  return inside;
}

/** Why the procedures in `removing` cannot go: others outside them hand off into them (their names), or null. */
export function removalProblem(set: WorkingProcedure[], removing: Set<string>): string | null {
  const blockers = set.filter((p) => !removing.has(p.procedureId) && procedureReferences(p.body).procedureIds.some((id) => removing.has(id)));
  return blockers.length ? PROCEDURE_TEXTS.handoffIntoRemoved(blockers.map((p) => p.body.name)) : null;
}

/** Why a procedure cannot be placed in a folder: not a folder of the set, or inside the procedure itself. */
export function folderProblem(set: WorkingProcedure[], procedureId: string, folderParentId: string | null): string | null {
  if (!folderParentId) return null;
  const folder = set.find((p) => p.procedureId === folderParentId);
  if (!folder || folder.body.type !== "folder") return PROCEDURE_TEXTS.folderNotFound;
  if (subtreeOf(set, procedureId).has(folderParentId)) return PROCEDURE_TEXTS.folderCycle;
  return null;
}

export const STEP_TYPES = ["ask", "tell", "say", "tool_call", "system_tool", "branch"] as const;
/** The system tools a procedure may name (the SDK's SystemToolConfig types). */
export const SYSTEM_TOOL_NAMES = ["end_call", "language_detection", "transfer_to_agent", "transfer_to_number", "skip_turn", "play_keypad_touch_tone", "voicemail_detection", "start_procedure", "end_procedure"] as const;
const REQUIRED: Record<string, [string, string]> = { ask: ["instruction", "an instruction"], tell: ["instruction", "an instruction"], say: ["message", "a message"], tool_call: ["tool_id", "a tool_id"], system_tool: ["system_tool_name", "a system_tool_name"] };

export type ProcedureError = { path: string; message: string };
export type Known = { toolIds: ReadonlySet<string>; kbIds: ReadonlySet<string> };

function stepErrors(steps: unknown[], prefix: string, known: Known, counter: { n: number }): ProcedureError[] {
  const errors: ProcedureError[] = [];
  steps.forEach((raw, i) => {
    const n = ++counter.n;
    const step = asStep(raw);
    const path = `${prefix}[${i}]`;
    const type = typeof step.type === "string" ? step.type : "";
    if (!(STEP_TYPES as readonly string[]).includes(type)) return errors.push({ path: `${path}.type`, message: PROCEDURE_TEXTS.stepType(n) });
    if (type === "branch") {
      const branches = Array.isArray(step.branches) ? step.branches : [];
      if (!branches.length) errors.push({ path: `${path}.branches`, message: PROCEDURE_TEXTS.noBranches(n) });
      branches.forEach((b, j) => {
        const branch = asStep(b);
        const condition = asStep(branch.condition);
        const ok = (condition.type === "llm" && text(condition.condition)) || (condition.type === "expression" && condition.expression !== undefined);
        if (!ok) errors.push({ path: `${path}.branches[${j}].condition`, message: PROCEDURE_TEXTS.condition(n) });
        errors.push(...stepErrors(Array.isArray(branch.steps) ? branch.steps : [], `${path}.branches[${j}].steps`, known, counter));
      });
      if (Array.isArray(step.fallback)) errors.push(...stepErrors(step.fallback, `${path}.fallback`, known, counter));
      return;
    }
    const [field, label] = REQUIRED[type]!;
    const value = text(step[field]);
    if (!value) return errors.push({ path: `${path}.${field}`, message: PROCEDURE_TEXTS.stepField(n, type, label) });
    if (type === "tool_call" && !known.toolIds.has(value)) errors.push({ path: `${path}.tool_id`, message: PROCEDURE_TEXTS.unknownTool(value) });
    if (type === "system_tool" && !(SYSTEM_TOOL_NAMES as readonly string[]).includes(value)) errors.push({ path: `${path}.system_tool_name`, message: PROCEDURE_TEXTS.unknownSystemTool(value) });
  });
  return errors;
}

/** One procedure's problems, with the paths the SDK's ProcedureValidationError names. */
export function procedureErrors(p: WorkingProcedure, set: WorkingProcedure[], known: Known, referenced: ReadonlySet<string>): ProcedureError[] {
  const { body } = p;
  const folder = folderProblem(set, p.procedureId, body.folderParentId);
  const errors: ProcedureError[] = folder ? [{ path: "folder_parent_id", message: folder }] : [];
  if (body.type === "folder") return body.content.trim() ? [...errors, { path: "content", message: PROCEDURE_TEXTS.folderHasContent }] : errors;
  if (!body.trigger.trim() && !referenced.has(p.procedureId)) errors.push({ path: "trigger", message: PROCEDURE_TEXTS.triggerUnreachable });
  if (body.type === "deterministic") {
    const structured = structuredContent(body.content);
    if (!structured) return [...errors, { path: "content", message: PROCEDURE_TEXTS.notJson }];
    if (!structured.steps.length) return [...errors, { path: "steps", message: PROCEDURE_TEXTS.noSteps }];
    return [...errors, ...stepErrors(structured.steps, "steps", known, { n: 0 })];
  }
  if (!body.content.trim()) return [...errors, { path: "content", message: PROCEDURE_TEXTS.contentRequired }];
  const refs = procedureReferences(body);
  const byId = new Map(set.map((q) => [q.procedureId, q]));
  for (const id of refs.toolIds) if (!known.toolIds.has(id)) errors.push({ path: "content", message: PROCEDURE_TEXTS.unknownTool(id) });
  for (const id of refs.kbIds) if (!known.kbIds.has(id)) errors.push({ path: "content", message: PROCEDURE_TEXTS.unknownDocument(id) });
  for (const name of refs.systemTools) if (!(SYSTEM_TOOL_NAMES as readonly string[]).includes(name)) errors.push({ path: "content", message: PROCEDURE_TEXTS.unknownSystemTool(name) });
  for (const id of refs.procedureIds) {
    const target = byId.get(id);
    if (id === p.procedureId) errors.push({ path: "content", message: PROCEDURE_TEXTS.selfReference });
    else if (!target) errors.push({ path: "content", message: PROCEDURE_TEXTS.unknownProcedure(id) });
    else if (target.body.type === "folder") errors.push({ path: "content", message: PROCEDURE_TEXTS.folderReference(id) });
  }
  return errors;
}

/** The working set's problems keyed by procedure id (only procedures with problems): empty when it compiles. */
export function validateProcedures(set: WorkingProcedure[], known: Known): Record<string, ProcedureError[]> {
  const referenced = new Set(set.flatMap((p) => (p.body.type === "free_form" ? procedureReferences(p.body).procedureIds.filter((id) => id !== p.procedureId) : [])));
  const errors: Record<string, ProcedureError[]> = {};
  for (const p of set) {
    const found = procedureErrors(p, set, known, referenced);
    if (found.length) errors[p.procedureId] = found;
  }
  return errors;
}

/** A structured procedure's steps as the numbered instructions a subagent follows. */
export function stepsText(steps: unknown[], indent = ""): string {
  return steps
    .map((raw, i) => {
      const s = asStep(raw);
      const n = `${indent}${i + 1}.`;
      switch (s.type) {
        case "ask": return `${n} Ask: ${text(s.instruction)}`;
        case "tell": return `${n} Tell: ${text(s.instruction)}`;
        case "say": return `${n} Say exactly: "${text(s.message)}"`;
        case "tool_call": return `${n} Call the tool ${text(s.tool_name) || text(s.tool_id)}.`;
        case "system_tool": return `${n} Use the system tool ${text(s.system_tool_name)}.`;
        default: {
          const branches = (Array.isArray(s.branches) ? s.branches : []).map((b) => {
            const branch = asStep(b);
            const condition = asStep(branch.condition);
            const when = condition.type === "llm" ? text(condition.condition) : JSON.stringify(condition.expression);
            return `${indent}   If ${when}:\n${stepsText(Array.isArray(branch.steps) ? branch.steps : [], `${indent}   `)}`;
          });
          const fallback = Array.isArray(s.fallback) && s.fallback.length ? [`${indent}   Otherwise:\n${stepsText(s.fallback, `${indent}   `)}`] : [];
          return [`${n} Decide:`, ...branches, ...fallback].join("\n");
        }
      }
    })
    .join("\n");
}

const position = (x: number, y: number) => ({ x, y });

/**
 * The workflow a compile answers (the SDK's AgentWorkflowResponseModel): a start node and, for each structured
 * procedure, a subagent node following its steps with the tools its steps call, entered from the start when its
 * trigger matches (an LLM condition) and left back to the start when its steps are done. Free-form procedures are
 * not compiled: they are read when a conversation starts one.
 */
export function compileWorkflow(set: WorkingProcedure[]) {
  const structured = set.filter((p) => p.body.type === "deterministic");
  const nodes: Record<string, unknown> = { start_node: { type: "start", position: position(0, 0), edge_order: structured.map((p) => `start_node->${p.procedureId}`) } };
  const edges: Record<string, unknown> = {};
  structured.forEach((p, i) => {
    const steps = structuredContent(p.body.content)?.steps ?? [];
    nodes[p.procedureId] = {
      type: "override_agent",
      position: position(300, i * 150),
      edge_order: [`${p.procedureId}->start_node`],
      conversation_config: {},
      additional_prompt: `Run the procedure "${p.body.name}" step by step, in order:\n${stepsText(steps)}`,
      additional_knowledge_base: [],
      additional_tool_ids: procedureReferences(p.body).toolIds,
      label: p.body.name,
      entry_behavior: "generate_immediately",
    };
    edges[`start_node->${p.procedureId}`] = { source: "start_node", target: p.procedureId, forward_condition: { type: "llm", label: p.body.name, condition: p.body.trigger || `Another procedure hands off to ${p.body.name}.` } };
    edges[`${p.procedureId}->start_node`] = { source: p.procedureId, target: "start_node", forward_condition: { type: "llm", label: "Done", condition: "Every step of the procedure has been done." } };
  });
  return { nodes, edges, prevent_subagent_loops: false };
}

/** The system tools that load a procedure into a conversation and close it (the SDK's start_procedure, end_procedure). */
export const PROCEDURE_TOOLS = {
  start: {
    name: "start_procedure",
    description: "Start a procedure when the conversation matches its trigger: answers the procedure's instructions, to follow from then on.",
    parameters: { type: "object", properties: { procedure_id: { type: "string", description: "The procedure's id, from the list of procedures in your instructions." } }, required: ["procedure_id"] },
  },
  end: {
    name: "end_procedure",
    description: "End a procedure you started once its instructions are done.",
    parameters: { type: "object", properties: { procedure_id: { type: "string", description: "The id of the procedure to end." } }, required: ["procedure_id"] },
  },
} as const;

/** Procedures a conversation can start: every one but folders. */
export const runnableProcedures = (set: WorkingProcedure[]) => set.filter((p) => p.body.type !== "folder");

/**
 * The agent's instructions with its procedures listed by id and trigger (their bodies are loaded by start_procedure
 * when needed, not before). The name stays out: it labels the procedure for people, not for the model.
 */
export function promptWithProcedures(prompt: string, set: WorkingProcedure[]): string {
  const runnable = runnableProcedures(set);
  if (!runnable.length) return prompt;
  const lines = runnable.map((p) => `- ${p.procedureId}: ${p.body.trigger.trim() || "(no trigger: only when another procedure hands off to it)"}`);
  const section = [
    "Procedures: when the conversation matches one of these triggers, call start_procedure with the procedure's id and follow the instructions it answers; call end_procedure with the same id when they are done.",
    ...lines,
  ].join("\n");
  return prompt ? `${prompt}\n\n${section}` : section;
}

/** The instructions start_procedure answers: free-form content as written, a structured procedure's steps numbered. */
export function procedureInstructions(body: ProcedureBody): string {
  if (body.type !== "deterministic") return body.content;
  return `Run these steps in order, every one:\n${stepsText(structuredContent(body.content)?.steps ?? [])}`;
}

type ToolResult = { ok: boolean; result: Record<string, unknown> };

/**
 * A start_procedure or end_procedure call against the conversation's procedures and the ones it has started (the
 * SDK's Start/EndProcedureToolResult models); `active` is changed in place.
 */
export function procedureToolCall(tool: string, args: Record<string, unknown>, set: WorkingProcedure[], active: Set<string>): ToolResult {
  const id = typeof args.procedure_id === "string" ? args.procedure_id.trim() : "";
  const procedure = runnableProcedures(set).find((p) => p.procedureId === id);
  if (tool === PROCEDURE_TOOLS.start.name) {
    if (!id) return { ok: false, result: { status: "invalid_name", message: "Give the procedure_id of a procedure in your instructions." } };
    if (!procedure) return { ok: false, result: { status: "not_found", procedure_id: id, message: `There is no procedure ${id}.` } };
    if (active.has(id)) return { ok: false, result: { status: "already_active", procedure_id: id, message: "This procedure is already running: keep following it." } };
    active.add(id);
    return { ok: true, result: { status: "success", procedure_id: id, procedure_name: procedure.body.name, message: procedureInstructions(procedure.body) } };
  }
  if (!id) return { ok: false, result: { status: "invalid_id", message: "Give the procedure_id of the procedure to end." } };
  if (!procedure || !active.has(id)) return { ok: false, result: { status: "not_found", procedure_id: id, message: `Procedure ${id} is not running.` } };
  active.delete(id);
  return { ok: true, result: { status: "success", procedure_id: id, procedure_name: procedure.body.name, message: "The procedure is done." } };
}
