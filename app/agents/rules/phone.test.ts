import { describe, expect, it } from "vitest";
import { batchCounts, batchExportCsv, phoneNumberPage, batchStatusOf, csvCell, isFinishedBatch, initiationOverrides, parseMediaStreamMessage, parseRecipientsCsv, readStreamTwiml, recipientStatusOfCall, streamTwiml, twilioSignature } from "./phone";

describe("phone rules", () => {
  it("writes TwiML that connects the call to the stream, with escaped parameters, and reads it back", () => {
    const twiml = streamTwiml("wss://example.com/v1/convai/twilio/media-stream", { call_id: "call_1", token: 'a&b"<c>' });
    expect(twiml).toContain('<Connect><Stream url="wss://example.com/v1/convai/twilio/media-stream"><Parameter name="call_id" value="call_1"/>');
    expect(readStreamTwiml(twiml)).toEqual({ url: "wss://example.com/v1/convai/twilio/media-stream", parameters: { call_id: "call_1", token: 'a&b"<c>' } });
    expect(readStreamTwiml("<Response><Say>Hi</Say></Response>")).toBeNull();
  });

  it("signs as Twilio documents: HMAC-SHA1 over the URL and the sorted parameters, base64", async () => {
    // Twilio's documented example (auth token 12345, its URL and parameters).
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+12349013030", Digits: "1234", From: "+12349013030", To: "+18005551212" };
    expect(await twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("reads media-stream messages and refuses malformed ones", () => {
    expect(parseMediaStreamMessage(JSON.stringify({ event: "media", media: { payload: btoa("\u00ff\u007f") } }))).toEqual({ ok: true, message: { event: "media", payload: new Uint8Array([255, 127]) } });
    expect(parseMediaStreamMessage(JSON.stringify({ event: "start", streamSid: "MZ1", start: { callSid: "CA1", customParameters: { call_id: "x", n: 1 } } }))).toEqual({ ok: true, message: { event: "start", streamSid: "MZ1", callSid: "CA1", customParameters: { call_id: "x" } } });
    expect(parseMediaStreamMessage("nope").ok).toBe(false);
    expect(parseMediaStreamMessage(JSON.stringify({ event: "media", media: { payload: "!!" } })).ok).toBe(false);
    expect(parseMediaStreamMessage(JSON.stringify({ event: "dtmf", dtmf: { digit: "1" } }))).toEqual({ ok: true, message: { event: "other" } });
  });

  it("derives recipient and batch statuses and counts", () => {
    expect(["ringing", "in-progress", "completed", "busy", "no-answer"].map(recipientStatusOfCall)).toEqual(["initiated", "in_progress", "completed", "failed", "failed"]);
    expect(batchStatusOf("pending", ["pending", "pending"], 2000, 1000)).toBe("pending");
    expect(batchStatusOf("in_progress", ["completed", "in_progress"], 0, 1000)).toBe("in_progress");
    expect(batchStatusOf("in_progress", ["completed", "failed"], 0, 1000)).toBe("completed");
    expect(batchStatusOf("in_progress", ["failed", "failed"], 0, 1000)).toBe("failed");
    expect(batchStatusOf("cancelled", ["pending"], 0, 1000)).toBe("cancelled");
    expect(batchCounts(["pending", "initiated", "completed", "failed", "cancelled"])).toEqual({ scheduled: 5, dispatched: 3, finished: 2 });
  });

  it("reads a CSV of recipients: numbers normalised, overrides and variables kept, bad lines listed", () => {
    const csv = 'phone_number,name,first_message\n+1 415 555 0100,"Lovelace, Ada",Hi Ada\n\nnot a number,Bob,\n+14155550101,,';
    const { recipients, problems } = parseRecipientsCsv(csv);
    expect(recipients).toEqual([
      { phoneNumber: "+14155550100", initiation: { conversation_config_override: { agent: { first_message: "Hi Ada" } }, dynamic_variables: { name: "Lovelace, Ada" } } },
      { phoneNumber: "+14155550101", initiation: null },
    ]);
    expect(problems).toEqual([{ line: 4, reason: "not a number is not a phone number in international form." }]);
    expect(parseRecipientsCsv("name\nAda").problems[0]!.line).toBe(1);
    expect(initiationOverrides(recipients[0]!.initiation)).toEqual({ firstMessage: "Hi Ada", language: undefined, prompt: undefined });
  });

  it("exports a finished batch as CSV: a line per recipient, dynamic variables as columns, cells quoted and formula-safe", () => {
    expect(csvCell("+14155550100")).toBe("+14155550100");
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell('She said "yes", twice')).toBe('"She said ""yes"", twice"');
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    const base = { error: null, conversationId: null, durationSecs: null, callSuccessful: null, summary: null, initiation: null };
    const csv = batchExportCsv([
      { ...base, recipientId: "r1", phoneNumber: "+14155550100", status: "completed", conversationId: "conv_1", durationSecs: 42, callSuccessful: "success", summary: "Booked, at 9", initiation: { dynamic_variables: { name: "Ada", visits: 3 } } },
      { ...base, recipientId: "r2", phoneNumber: "+14155550101", status: "failed", error: "busy", initiation: { dynamic_variables: { name: "Bo", city: "Oslo" } } },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "recipient_id,phone_number,status,error,conversation_id,call_duration_secs,call_successful,transcript_summary,var_name,var_visits,var_city",
      'r1,+14155550100,completed,,conv_1,42,success,"Booked, at 9",Ada,3,',
      "r2,+14155550101,failed,busy,,,,,Bo,,Oslo",
      "",
    ]);
    expect(["completed", "failed", "cancelled"].every((s) => isFinishedBatch(s as never))).toBe(true);
    expect(isFinishedBatch("in_progress")).toBe(false);
  });

  it("pages, filters and sorts phone numbers (v2 list)", () => {
    const n = (id: string, label: string, phoneNumber: string, agentId: string | null = null) => ({ id, label, phoneNumber, provider: "twilio", agentId });
    const numbers = [n("pn_b", "Support", "+14155550102", "agent_1"), n("pn_a", "sales line", "+14155550101"), n("pn_c", "Billing", "+442071838750", "agent_1")];
    const base = { sortBy: "label" as const, direction: "asc" as const, pageSize: 2 };
    const first = phoneNumberPage(numbers, base);
    expect(first).toEqual({ page: [numbers[2], numbers[1]], nextCursor: "2" });
    expect(phoneNumberPage(numbers, { ...base, cursor: "2" })).toEqual({ page: [numbers[0]], nextCursor: null });
    expect(phoneNumberPage(numbers, { ...base, sortBy: "phone_number", direction: "desc", pageSize: 10 }).page.map((x) => x.id)).toEqual(["pn_c", "pn_b", "pn_a"]);
    const ids = (filter: Partial<Parameters<typeof phoneNumberPage>[1]>) => phoneNumberPage(numbers, { ...base, pageSize: 10, ...filter }).page.map((x) => x.id);
    expect(ids({ search: "SALES" })).toEqual(["pn_a"]);
    expect(ids({ search: "pn_b" })).toEqual(["pn_b"]);
    expect(ids({ search: "2071" })).toEqual(["pn_c"]);
    expect(ids({ label: "port" })).toEqual(["pn_b"]);
    expect(ids({ phoneNumber: "+1 415 555 0101" })).toEqual(["pn_a"]);
    expect(ids({ agentId: "agent_1" })).toEqual(["pn_c", "pn_b"]);
    expect(ids({ provider: "exotel" })).toEqual([]);
    expect(ids({ supportsOutbound: false })).toEqual([]);
    expect(ids({ branchId: "br_1" })).toEqual([]);
  });
});
