/**
 * Stands in for `ajv` and `ajv-formats` in the MCP function's bundle only (lib/bundling.ts,
 * `MCP_BUNDLE_ALIASES`). The MCP SDK's `Server` imports its Ajv-based JSON Schema validator for
 * one thing: checking a client's answer to an elicitation (a server-to-client request). A stateless
 * JSON-response server never sends one, and shared/mcp/server.ts passes its own validator, so the
 * default is never built; bundled, Ajv, its formats and fast-uri were 147 KiB of the bundle.
 * If anything ever does construct it, it fails loudly instead of validating nothing.
 */
export default class AjvNotBundled {
  constructor() {
    throw new Error('ajv is not bundled into the MCP function: the stateless server never validates elicitation answers');
  }
}
