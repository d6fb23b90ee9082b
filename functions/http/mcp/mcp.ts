import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { handleMcpRequest } from '../../../shared/mcp/http';

/**
 * POST|GET|DELETE {host_url}/api/mcp: the MCP tool server (Streamable HTTP, stateless, JSON
 * responses). The handler factory authenticates first (`x-api-key` or `Authorization: Bearer`,
 * 401 with the API's texts before any MCP processing) and writes the access-log line; the
 * transport answers everything else in JSON-RPC.
 */
export const mcp = ({ org, event }: ApiRequest) => handleMcpRequest(event, org);

export const handler = httpHandler({}, mcp);
