// Prepares h264-mp4-encoder (the minih264 encoder and libmp4v2 compiled with Emscripten; MIT wrapper) to
// run inside workerd, which refuses to compile WebAssembly from bytes and to run `new Function`:
// - the wasm embedded as base64 is written out as a .wasm file, which wrangler imports as a compiled module;
// - the bundle becomes an ES module exporting `loadH264Encoder(wasmModule)`, whose glue instantiates that
//   module (`instantiateWasm`) instead of decoding and compiling the bytes;
// - the three code-generating `new Function` calls of its embind glue become closures.
// The output in queues/video/generated/ is rebuilt from node_modules, never edited by hand.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve("h264-mp4-encoder/package.json")), "embuild/dist/h264-mp4-encoder.web.js");
const outDir = join(ROOT, "queues/video/generated");
const outGlue = join(outDir, "h264-mp4-encoder.js");
const outWasm = join(outDir, "h264-mp4-encoder.wasm");

const newest = Math.max(statSync(source).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
if (existsSync(outGlue) && existsSync(outWasm) && statSync(outGlue).mtimeMs >= newest) process.exit(0);

let glue = readFileSync(source, "utf8");

function replaceOnce(from, to) {
  const at = glue.indexOf(from);
  if (at < 0 || glue.indexOf(from, at + from.length) >= 0) throw new Error(`h264-mp4-encoder layout changed: ${from.slice(0, 80)} not found exactly once`);
  glue = glue.slice(0, at) + to + glue.slice(at + from.length);
}

// 1. The wasm: out of the data URL, into its own file.
const marker = 'yA="data:application/octet-stream;base64,';
const start = glue.indexOf(marker);
if (start < 0) throw new Error("h264-mp4-encoder layout changed: embedded wasm not found");
const end = glue.indexOf('"', start + marker.length);
const wasm = Buffer.from(glue.slice(start + marker.length, end), "base64");
if (wasm.subarray(0, 4).toString("latin1") !== "\0asm") throw new Error("embedded wasm does not decode");
glue = glue.slice(0, start) + 'yA=""' + glue.slice(end + 1);
replaceOnce(
  "if(oA(),B.instantiateWasm)",
  "if(oA(),B.instantiateWasm=B.instantiateWasm||function(imports,done){WebAssembly.instantiate(__wasmModule,imports).then(function(instance){done(instance,__wasmModule)});return{}},B.instantiateWasm)",
);

// 2. No code generation from strings.
replaceOnce('Q=Q||new Function("return this")()', "Q=Q||globalThis");
replaceOnce(
  `return A=_A(A),new Function("body","return function "+A+'() {\\n    "use strict";    return body.apply(this, arguments);\\n};\\n')(B)`,
  "return function(){return B.apply(this,arguments)}",
);
replaceOnce(
  'g=new Function("dynCall","rawFunction",E+"};\\n")(g,Q)',
  "g=(function(dynCall,rawFunction){return function(){return dynCall.apply(null,[rawFunction].concat(Array.prototype.slice.call(arguments)))}})(g,Q)",
);
// embind's craftInvokerFunction: the same wiring of arguments, return value and destructors, as a closure.
replaceOnce(
  'g=function(A){var B=Function;if(!(B instanceof Function))throw new TypeError("new_ called with constructor type "+typeof B+" which is not a function");var Q=PA(B.name||"unknownFunctionName",(function(){}));return Q.prototype=B.prototype,Q=new Q,(A=B.apply(Q,A))instanceof Object?A:Q}(a).apply(null,o)',
  "g=__invoker(g,r,h,n,o[1],o[2],I,BB,pB)",
);

// The vm polyfill's runInThisContext evaluates in global scope, as an indirect eval does; written so, esbuild no
// longer warns about a direct eval when wrangler bundles the glue (workerd refuses both; the encoder never calls it).
replaceOnce("Script.prototype.runInThisContext=function(){return eval(this.code)}", "Script.prototype.runInThisContext=function(){return(0,eval)(this.code)}");

// 3. Speed: embind copies a frame (a typed array passed as std::string) into the heap one byte at a time in
// JavaScript, which took more time than encoding it; one bulk copy does the same (both convert like ToUint8).
replaceOnce("else for(g=0;g<I;++g)m[E+4+g]=B[g];return null!==A&&A.push(EQ,E),E", "else m.set(B,E+4);return null!==A&&A.push(EQ,E),E");

const invoker = `function __invoker(argTypes, isMethod, needsDestructors, returns, invoker, fn, name, throwBindingError, runDestructors) {
  var argCount = argTypes.length - 2;
  return function () {
    if (arguments.length !== argCount) throwBindingError("function " + name + " called with " + arguments.length + " arguments, expected " + argCount + " args!");
    var destructors = needsDestructors ? [] : null;
    var thisWired = isMethod ? argTypes[1].toWireType(destructors, this) : undefined;
    var wired = [];
    for (var i = 0; i < argCount; i++) wired.push(argTypes[i + 2].toWireType(destructors, arguments[i]));
    var rv = invoker.apply(null, isMethod ? [fn, thisWired].concat(wired) : [fn].concat(wired));
    if (needsDestructors) runDestructors(destructors);
    else for (var k = isMethod ? 1 : 2; k < argTypes.length; k++) if (argTypes[k] !== null && argTypes[k].O !== null) argTypes[k].O(k === 1 ? thisWired : wired[k - 2]);
    return returns ? argTypes[0].fromWireType(rv) : undefined;
  };
}`;

glue = glue.replace(/\n\/\/# sourceMappingURL=.*$/, "");
const output = `// Generated by scripts/build-h264.mjs from h264-mp4-encoder ${require("h264-mp4-encoder/package.json").version}. Do not edit.
/* eslint-disable */
${invoker}
/** Evaluates the encoder's glue once with the compiled wasm module; resolves to its exports. */
export function loadH264Encoder(__wasmModule) {
${glue}
return HME;
}
`;
mkdirSync(outDir, { recursive: true });
writeFileSync(outWasm, wasm);
writeFileSync(outGlue, output);
console.log(`h264-mp4-encoder: ${(wasm.length / 1024).toFixed(0)} KiB wasm written, glue patched`);
