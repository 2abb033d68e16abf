import { describe, expect, it } from "vitest";
import { compileWorkflow, folderProblem, PROCEDURE_TEXTS, procedureReferences, procedureToolCall, promptWithProcedures, removalProblem, stepsText, subtreeOf, validateProcedures, workingSet, type ProcedureBody, type WorkingProcedure } from "./procedures";

const body = (name: string, extra: Partial<ProcedureBody> = {}): ProcedureBody => ({ name, content: `Handle ${name}.`, type: "free_form", trigger: `When the user asks about ${name}`, folderParentId: null, ...extra });
const working = (procedureId: string, b: ProcedureBody, versionId: string | null = null): WorkingProcedure => ({ procedureId, versionId, hasDraft: versionId === null, body: b });
const known = { toolIds: new Set(["tool_1"]), kbIds: new Set(["doc_1"]) };

describe("workingSet", () => {
  it("lays drafts over the published procedures: edits replace, removals hide, new ones join, sorted by name", () => {
    const set = workingSet(
      [
        { procedureId: "p1", versionId: "v1", body: body("Refunds") },
        { procedureId: "p2", versionId: "v2", body: body("Billing") },
        { procedureId: "p3", versionId: "v3", body: body("Returns") },
      ],
      [
        { procedureId: "p1", removed: false, body: body("Refunds and returns") },
        { procedureId: "p3", removed: true, body: body("Returns") },
        { procedureId: "p4", removed: false, body: body("Address change") },
      ],
    );
    expect(set.map((p) => [p.procedureId, p.versionId, p.hasDraft, p.body.name])).toEqual([
      ["p4", null, true, "Address change"],
      ["p2", "v2", false, "Billing"],
      ["p1", null, true, "Refunds and returns"],
    ]);
  });
});

describe("procedureReferences", () => {
  it("reads a free-form procedure's inline references and dynamic variables", () => {
    const refs = procedureReferences(
      body("Refunds", {
        content: 'Look up with [tool id="tool_1" name="Get order"] and [tool id="tool_1"], check [kb id="doc_1" name="Policy"], then run [procedure id="agtprc_b" name="Escalate"] and [system_tool id="end_call" name="End"]. Greet {{ user_name }} about {{order.id}}.',
        trigger: "When {{user_name}} asks",
      }),
    );
    expect(refs).toEqual({ toolIds: ["tool_1"], kbIds: ["doc_1"], procedureIds: ["agtprc_b"], dynamicVariables: ["user_name", "order.id"], systemTools: ["end_call"] });
  });

  it("reads a structured procedure's tool and system tool steps, nested branches included", () => {
    const content = JSON.stringify({
      steps: [
        { type: "ask", instruction: "Ask for {{order_id}}." },
        { type: "branch", branches: [{ condition: { type: "llm", condition: "late" }, steps: [{ type: "tool_call", tool_id: "tool_2" }] }], fallback: [{ type: "system_tool", system_tool_name: "end_call" }] },
      ],
    });
    expect(procedureReferences({ content, type: "deterministic", trigger: "" })).toEqual({ toolIds: ["tool_2"], kbIds: [], procedureIds: [], dynamicVariables: ["order_id"], systemTools: ["end_call"] });
  });
});

describe("folders and removal", () => {
  const set = [
    working("f1", body("Support", { type: "folder", content: "", trigger: "" })),
    working("f2", body("Payments", { type: "folder", content: "", trigger: "", folderParentId: "f1" })),
    working("p1", body("Refunds", { folderParentId: "f2" })),
    working("p2", body("Greeting", { content: 'Then run [procedure id="p1"].' })),
    working("p3", body("Billing")),
  ];

  it("a folder's subtree holds everything inside it at any depth", () => {
    expect([...subtreeOf(set, "f1")].sort()).toEqual(["f1", "f2", "p1"]);
    expect([...subtreeOf(set, "p3")]).toEqual(["p3"]);
  });

  it("refuses a removal while a procedure left outside hands off into it", () => {
    expect(removalProblem(set, subtreeOf(set, "f1"))).toBe(PROCEDURE_TEXTS.handoffIntoRemoved(["Greeting"]));
    expect(removalProblem(set, new Set(["p3"]))).toBeNull();
    expect(removalProblem(set, new Set(["p1", "p2"]))).toBeNull();
  });

  it("places a procedure only in a folder of the set, never inside itself", () => {
    expect(folderProblem(set, "p3", "f2")).toBeNull();
    expect(folderProblem(set, "p3", null)).toBeNull();
    expect(folderProblem(set, "p3", "p1")).toBe(PROCEDURE_TEXTS.folderNotFound);
    expect(folderProblem(set, "p3", "gone")).toBe(PROCEDURE_TEXTS.folderNotFound);
    expect(folderProblem(set, "f1", "f2")).toBe(PROCEDURE_TEXTS.folderCycle);
  });
});

describe("validateProcedures", () => {
  it("passes a valid set: a sub-procedure with an empty trigger is fine when another hands off to it", () => {
    const set = [working("p1", body("Refunds", { content: 'Use [tool id="tool_1"] and [kb id="doc_1"], then [procedure id="p2"].' })), working("p2", body("Escalate", { trigger: "" }))];
    expect(validateProcedures(set, known)).toEqual({});
  });

  it("names each free-form problem with its path", () => {
    const set = [
      working("p1", body("Refunds", { content: 'Use [tool id="tool_9"], [kb id="doc_9"], [procedure id="p1"], [procedure id="gone"], [procedure id="f1"] and [system_tool id="fly"].' })),
      working("p2", body("Empty", { content: "  " })),
      working("p3", body("Orphan", { trigger: "" })),
      working("f1", body("Folder", { type: "folder", content: "", trigger: "" })),
    ];
    expect(validateProcedures(set, known)).toEqual({
      p1: [
        { path: "content", message: PROCEDURE_TEXTS.unknownTool("tool_9") },
        { path: "content", message: PROCEDURE_TEXTS.unknownDocument("doc_9") },
        { path: "content", message: PROCEDURE_TEXTS.unknownSystemTool("fly") },
        { path: "content", message: PROCEDURE_TEXTS.selfReference },
        { path: "content", message: PROCEDURE_TEXTS.unknownProcedure("gone") },
        { path: "content", message: PROCEDURE_TEXTS.folderReference("f1") },
      ],
      p2: [{ path: "content", message: PROCEDURE_TEXTS.contentRequired }],
      p3: [{ path: "trigger", message: PROCEDURE_TEXTS.triggerUnreachable }],
    });
  });

  it("checks a structured procedure's steps, numbering them in order through branches", () => {
    const structured = (content: string) => [working("s1", body("Verify", { type: "deterministic", content }))];
    expect(validateProcedures(structured("not json"), known)).toEqual({ s1: [{ path: "content", message: PROCEDURE_TEXTS.notJson }] });
    expect(validateProcedures(structured('{"steps": []}'), known)).toEqual({ s1: [{ path: "steps", message: PROCEDURE_TEXTS.noSteps }] });
    const content = JSON.stringify({
      steps: [
        { type: "ask" },
        { type: "tool_call", tool_id: "tool_9" },
        { type: "branch", branches: [{ condition: { type: "llm", condition: "" }, steps: [{ type: "say" }] }], fallback: [{ type: "system_tool", system_tool_name: "fly" }] },
        { type: "dance" },
        { type: "branch", branches: [] },
      ],
    });
    expect(validateProcedures(structured(content), known).s1).toEqual([
      { path: "steps[0].instruction", message: PROCEDURE_TEXTS.stepField(1, "ask", "an instruction") },
      { path: "steps[1].tool_id", message: PROCEDURE_TEXTS.unknownTool("tool_9") },
      { path: "steps[2].branches[0].condition", message: PROCEDURE_TEXTS.condition(3) },
      { path: "steps[2].branches[0].steps[0].message", message: PROCEDURE_TEXTS.stepField(4, "say", "a message") },
      { path: "steps[2].fallback[0].system_tool_name", message: PROCEDURE_TEXTS.unknownSystemTool("fly") },
      { path: "steps[3].type", message: PROCEDURE_TEXTS.stepType(6) },
      { path: "steps[4].branches", message: PROCEDURE_TEXTS.noBranches(7) },
    ]);
  });

  it("refuses a folder with content and a procedure in a folder that is gone", () => {
    const set = [working("f1", body("Folder", { type: "folder", content: "text", trigger: "" })), working("p1", body("Refunds", { folderParentId: "gone" }))];
    expect(validateProcedures(set, known)).toEqual({ f1: [{ path: "content", message: PROCEDURE_TEXTS.folderHasContent }], p1: [{ path: "folder_parent_id", message: PROCEDURE_TEXTS.folderNotFound }] });
  });
});

describe("compileWorkflow", () => {
  it("compiles each structured procedure into a subagent entered from the start by its trigger; free-form ones stay out", () => {
    const steps = [
      { type: "ask", instruction: "Ask for the order ID." },
      { type: "tool_call", tool_id: "tool_1", tool_name: "Get order" },
      { type: "branch", branches: [{ condition: { type: "llm", condition: "it is late" }, steps: [{ type: "tell", instruction: "Apologise." }] }], fallback: [{ type: "say", message: "All good." }] },
    ];
    const workflow = compileWorkflow([working("s1", body("Verify", { type: "deterministic", content: JSON.stringify({ steps }) })), working("p1", body("Refunds"))]);
    expect(Object.keys(workflow.nodes)).toEqual(["start_node", "s1"]);
    expect(workflow.nodes.s1).toMatchObject({ type: "override_agent", label: "Verify", additional_tool_ids: ["tool_1"] });
    expect(workflow.edges["start_node->s1"]).toEqual({ source: "start_node", target: "s1", forward_condition: { type: "llm", label: "Verify", condition: "When the user asks about Verify" } });
    expect(stepsText(steps)).toBe('1. Ask: Ask for the order ID.\n2. Call the tool Get order.\n3. Decide:\n   If it is late:\n   1. Tell: Apologise.\n   Otherwise:\n   1. Say exactly: "All good."');
  });
});

describe("procedures in a conversation", () => {
  const set = [
    working("p1", body("Refunds", { content: "Ask for the order." }), "v1"),
    working("s1", body("Verify", { type: "deterministic", trigger: "", content: JSON.stringify({ steps: [{ type: "say", message: "Hello." }] }) }), "v2"),
    working("f1", body("Folder", { type: "folder", content: "", trigger: "" }), "v3"),
  ];

  it("lists the procedures by id and trigger after the agent's instructions, never folders or names", () => {
    expect(promptWithProcedures("You help.", set)).toBe(
      "You help.\n\nProcedures: when the conversation matches one of these triggers, call start_procedure with the procedure's id and follow the instructions it answers; call end_procedure with the same id when they are done.\n- p1: When the user asks about Refunds\n- s1: (no trigger: only when another procedure hands off to it)",
    );
    expect(promptWithProcedures("You help.", [set[2]!])).toBe("You help.");
  });

  it("start_procedure answers the instructions once; end_procedure closes it", () => {
    const active = new Set<string>();
    expect(procedureToolCall("start_procedure", { procedure_id: "p1" }, set, active)).toEqual({ ok: true, result: { status: "success", procedure_id: "p1", procedure_name: "Refunds", message: "Ask for the order." } });
    expect(procedureToolCall("start_procedure", { procedure_id: "p1" }, set, active).result.status).toBe("already_active");
    expect(procedureToolCall("start_procedure", { procedure_id: "s1" }, set, active).result.message).toBe('Run these steps in order, every one:\n1. Say exactly: "Hello."');
    expect(procedureToolCall("start_procedure", { procedure_id: "f1" }, set, active).result.status).toBe("not_found");
    expect(procedureToolCall("start_procedure", {}, set, active).result.status).toBe("invalid_name");
    expect(procedureToolCall("end_procedure", { procedure_id: "p1" }, set, active)).toMatchObject({ ok: true, result: { status: "success" } });
    expect(procedureToolCall("end_procedure", { procedure_id: "p1" }, set, active).result.status).toBe("not_found");
    expect(procedureToolCall("end_procedure", {}, set, active).result.status).toBe("invalid_id");
    expect([...active]).toEqual(["s1"]);
  });
});
