import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { queryTelemetry as query } from '../../../shared/domain/telemetry/telemetry.service';

/** GET /api/ext-v1/device/{identifier}/telemetry?from=&to=&limit=&cursor=&order=: one page of the device's records. */
export const queryTelemetry = ({ org, pathParameters, query: params }: ApiRequest) => query(org, pathParameters.identifier, params);

export const handler = httpHandler({}, queryTelemetry);
