/**
 * `/* @__PURE__ *\/ pure(() => value)`: the value, computed once when the module loads, as before.
 * For module constants some bundles never read: esbuild keeps a top-level template literal over an
 * imported value (or over a constant of a module that imports anything), a call or arithmetic even
 * when nothing reads it, since it may have side effects. A call marked pure goes with its constant.
 * The annotation must be written at each call site; esbuild does not infer it.
 */
export const pure = <T>(make: () => T): T => make();
