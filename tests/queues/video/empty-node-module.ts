// Stands in for mediabunny's Node-only helper (file system sources and targets), which the worker never uses:
// the pool's module loader cannot resolve `node:fs/promises` without nodejs_compat.
export {};
