import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { AssignDevicesToOwnerBody, type AssignDevicesToOwnerInput } from '../../../shared/domain/assignment/assignment.schema';
import { assignDevicesToOwner as assign } from '../../../shared/domain/assignment/assignment.service';

/** POST /api/ext-v1/deviceAssignment/assignDevicesToOwner: many devices to one customer (spec 4.7). */
export const assignDevicesToOwner = (request: ApiRequest<AssignDevicesToOwnerInput>) => assign(request.org, request.body);

export const handler = httpHandler({ body: AssignDevicesToOwnerBody, invalidJson: 'Invalid JSON payload' }, assignDevicesToOwner);
