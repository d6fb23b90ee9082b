import type { Ticket } from '../domain/ticket/ticket.schema';
import { etagOf, parseIfMatch } from '../domain/ticket/ticket-lifecycle-body';
import { IF_MATCH_INVALID } from '../domain/ticket/ticket-lifecycle.limits';
import { BadRequestError } from '../domain/errors';
import { json, RawResponse } from './response';

/** A ticket as the 200 body, with its version as the `ETag` header (what `If-Match` sends back). */
export const ticketResponse = (ticket: Ticket) => {
  const response = json(200, ticket);
  return new RawResponse({ ...response, headers: { ...response.headers, etag: etagOf(ticket.version) } });
};

/** The expected version from `If-Match` (headers are lower-cased by the handler factory); 400 when it is not an ETag. */
export function expectedVersionOf(headers: Record<string, string | undefined>): number | undefined {
  const version = parseIfMatch(headers['if-match']);
  if (version !== undefined && Number.isNaN(version)) throw new BadRequestError(IF_MATCH_INVALID);
  return version;
}
