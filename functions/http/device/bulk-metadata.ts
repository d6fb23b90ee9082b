import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { BulkMetadataBody, type BulkMetadataInput } from '../../../shared/domain/device/device.schema';
import { bulkReplaceMetadata } from '../../../shared/domain/device/device.service';

/** POST /api/ext-v1/device/bulk-metadata: replace metadata of up to 1000 devices (spec 4.2). */
export const bulkMetadata = (request: ApiRequest<BulkMetadataInput>) => bulkReplaceMetadata(request.org, request.body);

export const handler = httpHandler({ body: BulkMetadataBody, invalidJson: 'Invalid JSON payload' }, bulkMetadata);
