/**
 * Just enough of WASI (preview 1) for espeak-ng compiled against wasi-libc: a read-only file tree held in
 * memory, mounted at one directory, plus a clock. A worker has no file system; espeak-ng reads its phoneme
 * tables, dictionaries and voices with fopen/stat/readdir, which wasi-libc turns into these calls.
 * Anything that would write a file is refused (EROFS); output to stdout/stderr goes to `onOutput`.
 */

type Directory = { kind: "directory"; entries: Map<string, Entry> };
type File = { kind: "file"; bytes: Uint8Array };
type Entry = Directory | File;
type Descriptor = { entry: Entry; position: number };

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, ISDIR: 31, NOENT: 44, NOTDIR: 54, ROFS: 69 } as const;
const FILETYPE = { CHARACTER_DEVICE: 2, DIRECTORY: 3, REGULAR_FILE: 4 } as const;
const OFLAGS = { CREAT: 1, DIRECTORY: 2, EXCL: 4, TRUNC: 8 } as const;
const PREOPEN_FD = 3;
const ALL_RIGHTS = 0xffff_ffff_ffff_ffffn;

export class WasiExit extends Error {
  constructor(readonly code: number) {
    super(`exited with ${code}`);
  }
}

function addFile(root: Directory, path: string, bytes: Uint8Array) {
  const parts = path.split("/");
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    let next = dir.entries.get(part);
    if (!next) dir.entries.set(part, (next = { kind: "directory", entries: new Map() }));
    if (next.kind !== "directory") throw new Error(`${path}: ${part} is a file`);
    dir = next;
  }
  dir.entries.set(parts[parts.length - 1], { kind: "file", bytes });
}

function buildTree(files: Map<string, Uint8Array>): Directory {
  const root: Directory = { kind: "directory", entries: new Map() };
  for (const [path, bytes] of files) addFile(root, path, bytes);
  return root;
}

export class MemoryWasi {
  private readonly root: Directory;
  private readonly descriptors = new Map<number, Descriptor>();
  private nextFd = PREOPEN_FD + 1;
  private memory: WebAssembly.Memory | null = null;

  constructor(
    files: Map<string, Uint8Array>,
    private readonly mountPoint: string,
    private readonly onOutput: (text: string) => void = () => {},
  ) {
    this.root = buildTree(files);
    this.descriptors.set(PREOPEN_FD, { entry: this.root, position: 0 });
  }

  /** Adds a file to the tree (a language's dictionary read on first use); later opens find it. */
  mount(path: string, bytes: Uint8Array) {
    addFile(this.root, path, bytes);
  }

  /** Whether a file or directory exists at `path` (relative to the mount point). */
  has(path: string): boolean {
    let entry: Entry | undefined = this.root;
    for (const part of path.split("/")) entry = entry?.kind === "directory" ? entry.entries.get(part) : undefined;
    return entry !== undefined;
  }

  /** The instance whose memory the calls read and write (set again when a fresh instance takes over). */
  bind(memory: WebAssembly.Memory) {
    this.memory = memory;
  }

  private view() {
    if (!this.memory) throw new Error("MemoryWasi: no memory bound");
    return new DataView(this.memory.buffer);
  }

  private bytes() {
    return new Uint8Array(this.view().buffer);
  }

  private resolve(fd: number, pathPointer: number, pathLength: number): Entry | number {
    const start = this.descriptors.get(fd);
    if (!start) return ERRNO.BADF;
    const path = new TextDecoder().decode(this.bytes().subarray(pathPointer, pathPointer + pathLength));
    const stack: Entry[] = [start.entry];
    for (const part of path.split("/")) {
      const here = stack[stack.length - 1];
      if (part === "" || part === ".") continue;
      if (here.kind !== "directory") return ERRNO.NOTDIR;
      if (part === "..") {
        if (stack.length === 1) return ERRNO.NOENT;
        stack.pop();
        continue;
      }
      const next = here.entries.get(part);
      if (!next) return ERRNO.NOENT;
      stack.push(next);
    }
    return stack[stack.length - 1];
  }

  private iovecs(pointer: number, count: number) {
    const view = this.view();
    return Array.from({ length: count }, (_, i) => ({ buffer: view.getUint32(pointer + i * 8, true), length: view.getUint32(pointer + i * 8 + 4, true) }));
  }

  readonly imports = {
    args_get: () => ERRNO.SUCCESS,
    args_sizes_get: (count: number, size: number) => {
      this.view().setUint32(count, 0, true);
      this.view().setUint32(size, 0, true);
      return ERRNO.SUCCESS;
    },
    environ_get: () => ERRNO.SUCCESS,
    environ_sizes_get: (count: number, size: number) => {
      this.view().setUint32(count, 0, true);
      this.view().setUint32(size, 0, true);
      return ERRNO.SUCCESS;
    },
    clock_time_get: (_id: number, _precision: bigint, time: number) => {
      this.view().setBigUint64(time, BigInt(Date.now()) * 1_000_000n, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_get: (fd: number, prestat: number) => {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      this.view().setUint8(prestat, 0);
      this.view().setUint32(prestat + 4, new TextEncoder().encode(this.mountPoint).length, true);
      return ERRNO.SUCCESS;
    },
    fd_prestat_dir_name: (fd: number, path: number, length: number) => {
      if (fd !== PREOPEN_FD) return ERRNO.BADF;
      this.bytes().set(new TextEncoder().encode(this.mountPoint).subarray(0, length), path);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get: (fd: number, stat: number) => {
      const view = this.view();
      const descriptor = this.descriptors.get(fd);
      if (!descriptor && fd > 2) return ERRNO.BADF;
      const type = !descriptor ? FILETYPE.CHARACTER_DEVICE : descriptor.entry.kind === "directory" ? FILETYPE.DIRECTORY : FILETYPE.REGULAR_FILE;
      view.setUint8(stat, type);
      view.setUint16(stat + 2, 0, true);
      view.setBigUint64(stat + 8, ALL_RIGHTS, true);
      view.setBigUint64(stat + 16, ALL_RIGHTS, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_set_flags: () => ERRNO.SUCCESS,
    path_open: (fd: number, _dirflags: number, path: number, pathLength: number, oflags: number, _rights: bigint, _inheriting: bigint, _fdflags: number, opened: number) => {
      if (oflags & (OFLAGS.CREAT | OFLAGS.TRUNC | OFLAGS.EXCL)) return ERRNO.ROFS;
      const entry = this.resolve(fd, path, pathLength);
      if (typeof entry === "number") return entry;
      if (oflags & OFLAGS.DIRECTORY && entry.kind !== "directory") return ERRNO.NOTDIR;
      const newFd = this.nextFd++;
      this.descriptors.set(newFd, { entry, position: 0 });
      this.view().setUint32(opened, newFd, true);
      return ERRNO.SUCCESS;
    },
    fd_close: (fd: number) => {
      if (fd === PREOPEN_FD || !this.descriptors.delete(fd)) return fd <= 2 ? ERRNO.SUCCESS : ERRNO.BADF;
      return ERRNO.SUCCESS;
    },
    fd_read: (fd: number, iovs: number, count: number, read: number) => {
      const descriptor = this.descriptors.get(fd);
      if (!descriptor) return fd === 0 ? (this.view().setUint32(read, 0, true), ERRNO.SUCCESS) : ERRNO.BADF;
      if (descriptor.entry.kind !== "file") return ERRNO.ISDIR;
      const source = descriptor.entry.bytes;
      const memory = this.bytes();
      let total = 0;
      for (const { buffer, length } of this.iovecs(iovs, count)) {
        const chunk = source.subarray(descriptor.position, descriptor.position + length);
        memory.set(chunk, buffer);
        descriptor.position += chunk.length;
        total += chunk.length;
        if (chunk.length < length) break;
      }
      this.view().setUint32(read, total, true);
      return ERRNO.SUCCESS;
    },
    fd_seek: (fd: number, offset: bigint, whence: number, result: number) => {
      const descriptor = this.descriptors.get(fd);
      if (!descriptor) return ERRNO.BADF;
      if (descriptor.entry.kind !== "file") return ERRNO.ISDIR;
      const base = whence === 0 ? 0 : whence === 1 ? descriptor.position : whence === 2 ? descriptor.entry.bytes.length : NaN;
      const position = base + Number(offset);
      if (!(position >= 0)) return ERRNO.INVAL;
      descriptor.position = position;
      this.view().setBigUint64(result, BigInt(position), true);
      return ERRNO.SUCCESS;
    },
    fd_write: (fd: number, iovs: number, count: number, written: number) => {
      if (fd !== 1 && fd !== 2) return this.descriptors.has(fd) ? ERRNO.ROFS : ERRNO.BADF;
      const memory = this.bytes();
      let total = 0;
      let text = "";
      for (const { buffer, length } of this.iovecs(iovs, count)) {
        text += new TextDecoder().decode(memory.subarray(buffer, buffer + length));
        total += length;
      }
      if (text) this.onOutput(text);
      this.view().setUint32(written, total, true);
      return ERRNO.SUCCESS;
    },
    fd_readdir: (fd: number, buffer: number, length: number, cookie: bigint, used: number) => {
      const descriptor = this.descriptors.get(fd);
      if (!descriptor) return ERRNO.BADF;
      if (descriptor.entry.kind !== "directory") return ERRNO.NOTDIR;
      const entries = [...descriptor.entry.entries];
      const memory = this.bytes();
      let at = 0;
      for (let i = Number(cookie); i < entries.length && at < length; i++) {
        const [name, entry] = entries[i];
        const encoded = new TextEncoder().encode(name);
        const record = new Uint8Array(24 + encoded.length);
        const header = new DataView(record.buffer);
        header.setBigUint64(0, BigInt(i + 1), true); // the cookie of the next entry
        header.setBigUint64(8, BigInt(i + 1), true);
        header.setUint32(16, encoded.length, true);
        header.setUint8(20, entry.kind === "directory" ? FILETYPE.DIRECTORY : FILETYPE.REGULAR_FILE);
        record.set(encoded, 24);
        // A full buffer tells the reader there is more; it asks again from the last whole entry.
        const fits = record.subarray(0, length - at);
        memory.set(fits, buffer + at);
        at += fits.length;
      }
      this.view().setUint32(used, at, true);
      return ERRNO.SUCCESS;
    },
    path_filestat_get: (fd: number, _flags: number, path: number, pathLength: number, stat: number) => {
      const entry = this.resolve(fd, path, pathLength);
      if (typeof entry === "number") return entry;
      const view = this.view();
      for (let i = 0; i < 64; i += 8) view.setBigUint64(stat + i, 0n, true);
      view.setUint8(stat + 16, entry.kind === "directory" ? FILETYPE.DIRECTORY : FILETYPE.REGULAR_FILE);
      view.setBigUint64(stat + 24, 1n, true);
      view.setBigUint64(stat + 32, BigInt(entry.kind === "file" ? entry.bytes.length : 0), true);
      return ERRNO.SUCCESS;
    },
    path_remove_directory: (_fd: number, _path: number, _length: number) => ERRNO.ROFS,
    path_unlink_file: (_fd: number, _path: number, _length: number) => ERRNO.ROFS,
    proc_exit: (code: number) => {
      throw new WasiExit(code);
    },
  };
}
