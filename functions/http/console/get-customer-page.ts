import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { customerPage } from '../../../shared/domain/console/console.service';

/** GET /api/console/v1/customers/{customerId}: details, devices with health, tickets. */
export const getCustomerPage = (request: ApiRequest) => customerPage(request.org, request.pathParameters.customerId);

export const handler = httpHandler({}, getCustomerPage);
