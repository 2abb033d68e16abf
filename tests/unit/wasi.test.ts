// The in-memory WASI the speech worker gives espeak-ng, called the way wasi-libc calls it.
import { describe, expect, it } from "vitest";
import { MemoryWasi, WasiExit } from "../../workers/speech/wasi";

const files = new Map([
  ["phontab", new TextEncoder().encode("phoneme table")],
  ["lang/gmw/en", new TextEncoder().encode("name English")],
  ["lang/gmw/de", new TextEncoder().encode("name German")],
]);

function setup() {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const wasi = new MemoryWasi(files, "/espeak-ng-data");
  wasi.bind(memory);
  const bytes = () => new Uint8Array(memory.buffer);
  const view = () => new DataView(memory.buffer);
  const path = (value: string, at = 1000) => {
    const encoded = new TextEncoder().encode(value);
    bytes().set(encoded, at);
    return [at, encoded.length] as const;
  };
  const open = (value: string, oflags = 0) => {
    const result = wasi.imports.path_open(3, 0, ...path(value), oflags, 0n, 0n, 0, 2000);
    return { errno: result, fd: view().getUint32(2000, true) };
  };
  return { wasi, bytes, view, path, open };
}

describe("MemoryWasi", () => {
  it("announces its mount point as the one preopened directory", () => {
    const { wasi, bytes, view } = setup();
    expect(wasi.imports.fd_prestat_get(3, 100)).toBe(0);
    expect(view().getUint32(104, true)).toBe("/espeak-ng-data".length);
    wasi.imports.fd_prestat_dir_name(3, 200, 15);
    expect(new TextDecoder().decode(bytes().subarray(200, 215))).toBe("/espeak-ng-data");
    expect(wasi.imports.fd_prestat_get(4, 100)).toBe(8); // EBADF ends wasi-libc's scan
  });

  it("opens, reads in pieces, seeks and closes a file", () => {
    const { wasi, bytes, view, open } = setup();
    const { errno, fd } = open("./lang/../phontab");
    expect(errno).toBe(0);
    view().setUint32(300, 400, true); // one iovec of 7 bytes at 400
    view().setUint32(304, 7, true);
    expect(wasi.imports.fd_read(fd, 300, 1, 310)).toBe(0);
    expect(new TextDecoder().decode(bytes().subarray(400, 407))).toBe("phoneme");
    expect(wasi.imports.fd_seek(fd, -5n, 2, 320)).toBe(0);
    expect(view().getBigUint64(320, true)).toBe(8n);
    wasi.imports.fd_read(fd, 300, 1, 310);
    expect(view().getUint32(310, true)).toBe(5);
    expect(new TextDecoder().decode(bytes().subarray(400, 405))).toBe("table");
    expect(wasi.imports.fd_close(fd)).toBe(0);
    expect(wasi.imports.fd_read(fd, 300, 1, 310)).toBe(8);
  });

  it("answers stat with the type and size, ENOENT for what is not there, and never leaves the mount", () => {
    const { wasi, view, path } = setup();
    expect(wasi.imports.path_filestat_get(3, 0, ...path("lang/gmw/en"), 500)).toBe(0);
    expect(view().getUint8(516)).toBe(4);
    expect(view().getBigUint64(532, true)).toBe(12n);
    expect(wasi.imports.path_filestat_get(3, 0, ...path("."), 500)).toBe(0);
    expect(view().getUint8(516)).toBe(3);
    expect(wasi.imports.path_filestat_get(3, 0, ...path("en_dict"), 500)).toBe(44);
    expect(wasi.imports.path_filestat_get(3, 0, ...path("../etc/passwd"), 500)).toBe(44);
    expect(wasi.imports.path_filestat_get(3, 0, ...path("phontab/x"), 500)).toBe(54);
  });

  it("lists a directory across several small reads, resuming at the cookie", () => {
    const { wasi, bytes, view, open } = setup();
    const { fd } = open("lang/gmw", 2);
    const names: string[] = [];
    let cookie = 0n;
    for (;;) {
      expect(wasi.imports.fd_readdir(fd, 3000, 30, cookie, 3100)).toBe(0);
      const used = view().getUint32(3100, true);
      if (used < 24 + 2) break;
      const length = view().getUint32(3016, true);
      names.push(new TextDecoder().decode(bytes().subarray(3024, 3024 + length)));
      cookie = view().getBigUint64(3000, true);
      if (used < 30) break;
    }
    expect(names).toEqual(["en", "de"]);
  });

  it("refuses to create, truncate or delete anything", () => {
    const { wasi, open, path } = setup();
    expect(open("new-file", 1).errno).toBe(69);
    expect(open("phontab", 8).errno).toBe(69);
    expect(wasi.imports.path_unlink_file(3, ...path("phontab"))).toBe(69);
    expect(open("phontab", 2).errno).toBe(54);
  });

  it("passes stdout and stderr to its listener and turns exit into an exception", () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const output: string[] = [];
    const wasi = new MemoryWasi(files, "/data", (text) => output.push(text));
    wasi.bind(memory);
    new Uint8Array(memory.buffer).set(new TextEncoder().encode("warning"), 100);
    new DataView(memory.buffer).setUint32(0, 100, true);
    new DataView(memory.buffer).setUint32(4, 7, true);
    expect(wasi.imports.fd_write(2, 0, 1, 50)).toBe(0);
    expect(output).toEqual(["warning"]);
    expect(() => wasi.imports.proc_exit(3)).toThrow(WasiExit);
  });
});
