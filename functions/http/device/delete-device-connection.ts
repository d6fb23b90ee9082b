import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { deleteDeviceConnection as remove } from '../../../shared/domain/connector/connector.service';

/** DELETE /api/ext-v1/device/{identifier}/connection: `{ "success": true }`, or 404 `Device not found`. */
export const deleteDeviceConnection = (request: ApiRequest) => remove(request.org, request.pathParameters.identifier);

export const handler = httpHandler({}, deleteDeviceConnection);
