import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { series } from '../../../shared/domain/console/console.service';

/** GET /api/console/v1/devices/{identifier}/series?from=&to=&measurements=: columns for the timeline chart. */
export const getDeviceSeries = (request: ApiRequest) =>
  series(request.org, request.pathParameters.identifier, { from: request.query.from, to: request.query.to, measurements: request.query.measurements });

export const handler = httpHandler({}, getDeviceSeries);
