import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { putDeviceConnection as put } from '../../../shared/domain/connector/connector.service';
import { PutConnectionBody, type PutConnectionInput } from '../../../shared/domain/connector/connector.schema';

/**
 * PUT /api/ext-v1/device/{identifier}/connection: connects the device to the organization's
 * crash-reporting connector (`externalId` defaults to the identifier). 404 `Device not found`,
 * 400 when no connector is configured or the provider is not the configured one.
 */
export const putDeviceConnection = (request: ApiRequest<PutConnectionInput>) => put(request.org, request.pathParameters.identifier, request.body);

export const handler = httpHandler({ body: PutConnectionBody }, putDeviceConnection);
