import { useEffect, useRef, useState } from "react";
import { Mic, MicOff, PhoneOff, Send } from "lucide-react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint, Meter } from "~/common/ui/feedback";
import { Input } from "~/common/ui/input";
import { AgentSpeaker, startMicrophone } from "~/agents/browser/call-audio";
import { MCP_PAGE_TEXTS } from "~/agents/rules/mcp";
import { TOOL_TEXTS } from "~/agents/rules/llm";

const LINE_CLASSES: Record<Line["role"], string> = {
  agent: "self-start rounded-lg bg-muted px-3 py-2 text-sm",
  user: "self-end rounded-lg bg-accent-soft px-3 py-2 text-sm",
  tool: "self-center text-xs text-muted-foreground",
};

type Line = { role: "agent" | "user" | "tool"; text: string };
/** An MCP tool call the agent asks the user to approve (mcp_tool_call, awaiting_approval). */
type Approval = { id: string; tool: string; parameters: Record<string, unknown> };
type State = "idle" | "connecting" | "live" | "ended";

/**
 * Talk to an agent in the browser: the conversation WebSocket (the session cookie opens it from this origin), text
 * typed or the microphone streamed, the agent's answers shown and played aloud.
 */
export function TalkPanel({ agentId, engineName, refusal }: { agentId: string; engineName: string; /** Why no call can start now (credits), or null. */ refusal: string | null }) {
  const [state, setState] = useState<State>("idle");
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState("");
  const [mic, setMic] = useState(false);
  const [level, setLevel] = useState(0);
  const [speaking, setSpeaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [approvals, setApprovals] = useState<Approval[]>([]);
  const socket = useRef<WebSocket | null>(null);
  const speaker = useRef<AgentSpeaker | null>(null);
  const stopMic = useRef<(() => void) | null>(null);

  const hangUp = () => {
    stopMic.current?.();
    stopMic.current = null;
    setMic(false);
    socket.current?.close(1000, "ended by the user");
    socket.current = null;
    speaker.current?.close();
    setSpeaking(false);
  };
  useEffect(() => hangUp, []);

  const start = () => {
    setProblem(null);
    setLines([]);
    setApprovals([]);
    setState("connecting");
    speaker.current = new AgentSpeaker();
    const url = new URL(`/v1/convai/conversation?agent_id=${encodeURIComponent(agentId)}`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    socket.current = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "conversation_initiation_client_data" }));
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as Record<string, Record<string, unknown> | string | undefined>;
      const body = (key: string) => message[key] as Record<string, unknown>;
      switch (message.type) {
        case "conversation_initiation_metadata":
          setState("live");
          break;
        case "agent_response":
          setLines((l) => [...l, { role: "agent", text: String(body("agent_response_event").agent_response) }]);
          break;
        case "user_transcript":
          setLines((l) => [...l, { role: "user", text: String(body("user_transcription_event").user_transcript) }]);
          break;
        case "audio":
          setSpeaking(true);
          speaker.current?.play(String(body("audio_event").audio_base_64), () => setSpeaking(false));
          break;
        case "interruption":
          speaker.current?.stop();
          setSpeaking(false);
          break;
        case "mcp_tool_call": {
          const call = body("mcp_tool_call") as { tool_call_id: string; tool_name: string; state: string; parameters?: Record<string, unknown>; error_message?: string };
          setApprovals((a) => (call.state === "awaiting_approval" ? [...a, { id: call.tool_call_id, tool: call.tool_name, parameters: call.parameters ?? {} }] : a.filter((x) => x.id !== call.tool_call_id)));
          if (call.state === "success" || call.state === "failure") setLines((l) => [...l, { role: "tool", text: TOOL_TEXTS.callLine(call.tool_name, call.state === "success", call.error_message) }]);
          break;
        }
        case "ping":
          ws.send(JSON.stringify({ type: "pong", event_id: body("ping_event").event_id }));
          break;
      }
    };
    ws.onclose = (event) => {
      if (event.code !== 1000 && event.reason) setProblem(event.reason);
      setState("ended");
      hangUp();
    };
  };

  const answerApproval = (approval: Approval, approved: boolean) => {
    socket.current?.send(JSON.stringify({ type: "mcp_tool_approval_result", tool_call_id: approval.id, is_approved: approved }));
    setApprovals((a) => a.filter((x) => x.id !== approval.id));
  };

  const sendText = () => {
    const said = text.trim();
    if (!said || !socket.current) return;
    socket.current.send(JSON.stringify({ type: "user_message", text: said }));
    setLines((l) => [...l, { role: "user", text: said }]);
    setText("");
  };

  const toggleMic = async () => {
    if (mic) {
      stopMic.current?.();
      stopMic.current = null;
      setMic(false);
      setLevel(0);
      return;
    }
    try {
      stopMic.current = await startMicrophone(
        (chunk) => socket.current?.readyState === WebSocket.OPEN && socket.current.send(JSON.stringify({ user_audio_chunk: chunk })),
        setLevel,
      );
      setMic(true);
    } catch {
      setProblem("The microphone could not be opened: allow it in the browser, or type instead.");
    }
  };

  const live = state === "live";
  return (
    <Card data-testid="talk-panel">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            Talk to the agent <Badge tone={live ? "success" : "neutral"}>{live ? (speaking ? "Speaking" : "Listening") : state === "connecting" ? "Connecting" : "Not connected"}</Badge>
          </span>
        }
        description={`Answers come from: ${engineName}. Speech in English is understood by the embedded recogniser (PocketSphinx).`}
      />
      <CardContent className="flex flex-col gap-4">
        <ol className="flex max-h-96 flex-col gap-2 overflow-y-auto" aria-live="polite" data-testid="talk-transcript">
          {lines.map((line, i) => (
            <li key={i} className={LINE_CLASSES[line.role]} data-role={line.role}>
              <span className="sr-only">{line.role === "agent" ? "Agent: " : line.role === "user" ? "You: " : "Tool: "}</span>
              {line.text}
            </li>
          ))}
        </ol>
        {problem ? <Hint tone="error">{problem}</Hint> : null}
        {approvals.map((approval) => (
          <div key={approval.id} role="alertdialog" aria-label={MCP_PAGE_TEXTS.approvalTitle(approval.tool)} className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="tool-approval">
            <p className="text-sm font-medium">{MCP_PAGE_TEXTS.approvalTitle(approval.tool)}</p>
            {Object.keys(approval.parameters).length ? <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">{JSON.stringify(approval.parameters, null, 2)}</pre> : null}
            <div className="flex gap-2">
              <Button size="sm" onClick={() => answerApproval(approval, true)}>
                Approve
              </Button>
              <Button size="sm" variant="secondary" onClick={() => answerApproval(approval, false)}>
                Decline
              </Button>
            </div>
          </div>
        ))}
        {live ? (
          <>
            <form
              className="flex gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                sendText();
              }}
            >
              <Input aria-label="Message to the agent" placeholder="Type a message…" value={text} onChange={(e) => setText(e.target.value)} className="flex-1" />
              <Button type="submit" disabled={!text.trim()}>
                <Send aria-hidden="true" /> Send
              </Button>
            </form>
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" onClick={() => void toggleMic()} aria-pressed={mic}>
                {mic ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />} {mic ? "Mute microphone" : "Use microphone"}
              </Button>
              <Button variant="secondary" onClick={hangUp}>
                <PhoneOff aria-hidden="true" /> End call
              </Button>
              {mic ? <Meter label="Microphone level" value={Math.round(level * 100)} max={100} className="w-40" /> : null}
            </div>
          </>
        ) : (
          <div className="flex flex-col items-start gap-2">
            {refusal ? <Hint tone="error">{refusal}</Hint> : null}
            <Button onClick={start} disabled={state === "connecting" || refusal !== null}>
              {state === "ended" ? "Start a new call" : "Start a call"}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
