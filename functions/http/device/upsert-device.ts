import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { UpsertDeviceBody, type UpsertDeviceInput } from '../../../shared/domain/device/device.schema';
import { upsertDevice as upsert } from '../../../shared/domain/device/device.service';

/** POST /api/ext-v1/device: create or update a device by identifier (spec 4.1). */
export const upsertDevice = (request: ApiRequest<UpsertDeviceInput>) => upsert(request.org, request.body);

export const handler = httpHandler({ body: UpsertDeviceBody, invalidJson: 'Invalid JSON payload' }, upsertDevice);
