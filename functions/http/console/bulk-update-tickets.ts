import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { statusOf } from '../../../shared/http/error-mapper';
import { BulkUpdateBody, bulkUpdateTickets, type BulkInput } from '../../../shared/domain/console/bulk';
import type { UserContext } from '../../../shared/domain/user/user.schema';

/**
 * POST /api/console/v1/tickets/bulk `{ tickets: [{ ticketId, version }], changes }`: bulk assign or
 * status from the queue; one lifecycle change per ticket, each reported (200 even when some failed).
 */
export const bulkUpdateConsoleTickets = (request: ApiRequest<BulkInput>) =>
  bulkUpdateTickets(request.org.organizationId, (request.user as UserContext).email, request.body, statusOf);

export const handler = httpHandler({ body: BulkUpdateBody }, bulkUpdateConsoleTickets);
