import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getDevice as get } from '../../../shared/domain/device/device.service';

/** GET /api/ext-v1/device/{identifier}: the device with its owners, or 404 `Device not found`. */
export const getDevice = (request: ApiRequest) => get(request.org, request.pathParameters.identifier);

export const handler = httpHandler({}, getDevice);
