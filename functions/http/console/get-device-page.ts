import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { devicePage } from '../../../shared/domain/console/console.service';

/** GET /api/console/v1/devices/{identifier}: the device page's data in one request (the chart's series is another). */
export const getDevicePage = (request: ApiRequest) => devicePage(request.org, request.pathParameters.identifier);

export const handler = httpHandler({}, getDevicePage);
