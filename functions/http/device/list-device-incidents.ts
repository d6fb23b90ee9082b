import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { listDeviceIncidents } from '../../../shared/domain/anomaly/incident-list';

/** GET /api/ext-v1/device/{identifier}/incidents?status=open|resolved&cursor=&limit=: the device's incidents, newest first. */
export const listIncidents = (request: ApiRequest) =>
  listDeviceIncidents(request.org, request.pathParameters.identifier, {
    status: request.query.status,
    cursor: request.query.cursor,
    limit: request.query.limit,
  });

export const handler = httpHandler({}, listIncidents);
