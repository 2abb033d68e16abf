// Documents into chapters and blocks (pure): plain text, Markdown, HTML and EPUB. Chapters split at the
// document's top heading level (EPUB: one per spine item); headings become title blocks, the rest paragraphs.
import { strFromU8, unzipSync } from "fflate";
import type { BlockSubType } from "../../../core/studio/studio-rules";

export type ParsedBlock = { subType: BlockSubType; text: string };
export type ParsedChapter = { name: string; blocks: ParsedBlock[] };
export type DocumentKind = "text" | "markdown" | "html" | "epub";
export type ParseResult = { ok: true; chapters: ParsedChapter[] } | { ok: false; message: string };

export const DOCUMENT_ACCEPT = ".txt,.md,.markdown,.html,.htm,.epub,text/plain,text/markdown,text/html,application/epub+zip";

/** The kind of an uploaded document from its name and type; null when it is none this parser reads. */
export function documentKind(fileName: string, mimeType: string): DocumentKind | null {
  const ext = fileName.toLowerCase().match(/\.([a-z]+)$/)?.[1] ?? "";
  if (ext === "epub" || mimeType === "application/epub+zip") return "epub";
  if (ext === "md" || ext === "markdown" || mimeType === "text/markdown") return "markdown";
  if (ext === "html" || ext === "htm" || mimeType === "text/html" || mimeType === "application/xhtml+xml") return "html";
  if (ext === "txt" || mimeType === "text/plain") return "text";
  return null;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Blocks into chapters: a new chapter at each heading of the top level found; text before the first is its own. */
function chaptersFrom(blocks: ParsedBlock[], fallbackName: string): ParsedChapter[] {
  const levels: BlockSubType[] = ["h1", "h2", "h3"];
  const top = levels.find((l) => blocks.some((b) => b.subType === l));
  const chapters: ParsedChapter[] = [];
  let current: ParsedChapter | null = null;
  for (const block of blocks) {
    if (block.subType === top || !current) {
      current = { name: block.subType === top ? block.text : fallbackName, blocks: [] };
      chapters.push(current);
    }
    current.blocks.push(block);
  }
  return chapters.filter((c) => c.blocks.some((b) => b.text !== ""));
}

/** Plain text: paragraphs are separated by blank lines; a line "Chapter …" or "Part …" alone starts a chapter. */
export function parsePlainText(text: string, fallbackName: string): ParsedChapter[] {
  const blocks: ParsedBlock[] = [];
  for (const para of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const t = collapse(para);
    if (!t) continue;
    blocks.push({ subType: /^(chapter|part|prologue|epilogue)\b.{0,80}$/i.test(t) && !/[.!?]$/.test(t) ? "h1" : "p", text: t });
  }
  return chaptersFrom(blocks, fallbackName);
}

/** Markdown's inline markup removed: links keep their text, images and HTML tags go, emphasis and code marks go. */
export function markdownInline(text: string): string {
  return collapse(
    text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^]*?\S)\1/g, "$2")
      .replace(/\\([\\`*_{}[\]()#+\-.!])/g, "$1"),
  );
}

/** Markdown: ATX (#) and Setext headings, paragraphs, list items and quotes as paragraphs; code fences skipped. */
export function parseMarkdown(text: string, fallbackName: string): ParsedChapter[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: ParsedBlock[] = [];
  let para: string[] = [];
  let fenced = false;
  const flush = () => {
    const t = markdownInline(para.join(" "));
    if (t) blocks.push({ subType: "p", text: t });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) {
      flush();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const atx = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (atx) {
      flush();
      const level = Math.min(atx[1]!.length, 3);
      blocks.push({ subType: `h${level}` as BlockSubType, text: markdownInline(atx[2]!) });
      continue;
    }
    const next = lines[i + 1];
    if (line.trim() && para.length === 0 && next !== undefined && /^\s*(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
      blocks.push({ subType: next.trim().startsWith("=") ? "h1" : "h2", text: markdownInline(line) });
      i++;
      continue;
    }
    if (!line.trim() || /^\s*([-*_]\s*){3,}$/.test(line)) {
      flush();
      continue;
    }
    const item = line.match(/^\s*(?:[-*+]|\d+[.)])\s+(.*)$/);
    if (item) {
      flush();
      para.push(item[1]!);
      flush();
      continue;
    }
    para.push(line.replace(/^\s*>\s?/, ""));
  }
  flush();
  return chaptersFrom(blocks.filter((b) => b.text !== ""), fallbackName);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[code.toLowerCase()] ?? m;
  });
}

/** HTML's blocks in document order: headings h1-h6 (h4-h6 read as h3) and paragraphs, list items, quotes. */
export function htmlBlocks(html: string): ParsedBlock[] {
  const body = html
    .replace(/<!--[^]*?-->/g, "")
    .replace(/<(script|style|head|nav|template|svg)\b[^]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, " ");
  const blocks: ParsedBlock[] = [];
  const re = /<(h[1-6]|p|li|blockquote|dt|dd|figcaption)\b[^>]*>([^]*?)<\/\1\s*>/gi;
  for (const m of body.matchAll(re)) {
    const tag = m[1]!.toLowerCase();
    const text = collapse(decodeEntities(m[2]!.replace(/<[^>]+>/g, "")));
    if (!text) continue;
    const subType: BlockSubType = tag.startsWith("h") ? (`h${Math.min(Number(tag[1]), 3)}` as BlockSubType) : "p";
    blocks.push({ subType, text });
  }
  // A page of bare text (no block elements) still reads as paragraphs.
  if (blocks.length === 0) {
    const text = collapse(decodeEntities(body.replace(/<[^>]+>/g, " ")));
    if (text) blocks.push({ subType: "p", text });
  }
  return blocks;
}

export function parseHtml(html: string, fallbackName: string): ParsedChapter[] {
  const title = collapse(decodeEntities(html.match(/<title[^>]*>([^]*?)<\/title>/i)?.[1] ?? ""));
  return chaptersFrom(htmlBlocks(html), title || fallbackName);
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i"))?.slice(2).find((v) => v !== undefined) ?? null;

function resolvePath(base: string, href: string): string {
  const parts = (base.includes("/") ? base.slice(0, base.lastIndexOf("/") + 1) : "").concat(decodeURIComponent(href.split("#")[0]!)).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "..") out.pop();
    else if (p !== "." && p !== "") out.push(p);
  }
  return out.join("/");
}

/** EPUB: the container names the package; its spine orders the XHTML documents, each one chapter. */
export function parseEpub(bytes: Uint8Array, fallbackName: string): ParseResult {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    return { ok: false, message: "The file is not a valid EPUB (it is not a ZIP archive)." };
  }
  const container = files["META-INF/container.xml"];
  const opfPath = container ? attr(strFromU8(container).match(/<rootfile\b[^>]*>/i)?.[0] ?? "", "full-path") : null;
  const opf = opfPath ? files[opfPath] : undefined;
  if (!opfPath || !opf) return { ok: false, message: "The file is not a valid EPUB (no package document)." };
  const pkg = strFromU8(opf);
  const manifest = new Map<string, string>();
  for (const m of pkg.matchAll(/<item\b[^>]*>/gi)) {
    const id = attr(m[0], "id");
    const href = attr(m[0], "href");
    if (id && href) manifest.set(id, resolvePath(opfPath, href));
  }
  const chapters: ParsedChapter[] = [];
  for (const m of pkg.matchAll(/<itemref\b[^>]*>/gi)) {
    const path = manifest.get(attr(m[0], "idref") ?? "");
    const doc = path ? files[path] : undefined;
    if (!doc) continue;
    const blocks = htmlBlocks(strFromU8(doc));
    if (blocks.length === 0) continue;
    const heading = blocks.find((b) => b.subType !== "p");
    chapters.push({ name: heading?.text ?? `${fallbackName} ${chapters.length + 1}`, blocks });
  }
  if (chapters.length === 0) return { ok: false, message: "The EPUB has no readable text." };
  return { ok: true, chapters };
}

/** Reads an uploaded document of a known kind; text documents must be UTF-8 and not binary. */
export function parseDocument(kind: DocumentKind, bytes: Uint8Array, fallbackName: string): ParseResult {
  if (kind === "epub") return parseEpub(bytes, fallbackName);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: `The file is not a ${kind === "text" ? "plain text" : kind === "markdown" ? "Markdown" : "HTML"} document (it is not UTF-8 text).` };
  }
  if (text.includes("\u0000")) return { ok: false, message: "The file is binary, not a text document." };
  const chapters = kind === "markdown" ? parseMarkdown(text, fallbackName) : kind === "html" ? parseHtml(text, fallbackName) : parsePlainText(text, fallbackName);
  if (chapters.length === 0) return { ok: false, message: "The document has no text." };
  return { ok: true, chapters };
}
