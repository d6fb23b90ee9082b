import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { getCustomer as get } from '../../../shared/domain/customer/customer.service';

/** GET /api/ext-v1/customer/getCustomer/{serviceCustomerId} (spec 4.5); also serves the empty-id path. */
export const getCustomer = (request: ApiRequest) => get(request.org, request.pathParameters.serviceCustomerId);

export const handler = httpHandler({}, getCustomer);
