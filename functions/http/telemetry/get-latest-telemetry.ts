import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getLatestTelemetry as get } from '../../../shared/domain/telemetry/telemetry.service';

/** GET /api/ext-v1/device/{identifier}/telemetry/latest: newest value per measurement, or 404 `Device not found`. */
export const getLatestTelemetry = (request: ApiRequest) => get(request.org, request.pathParameters.identifier);

export const handler = httpHandler({}, getLatestTelemetry);
