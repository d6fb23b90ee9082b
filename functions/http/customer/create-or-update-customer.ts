import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import {
  CreateOrUpdateCustomerBody,
  type CreateOrUpdateCustomerInput,
} from '../../../shared/domain/customer/customer.schema';
import { createOrUpdateCustomer as save } from '../../../shared/domain/customer/customer.service';

/** POST /api/ext-v1/customer/createOrUpdateCustomer (spec 4.3). */
export const createOrUpdateCustomer = (request: ApiRequest<CreateOrUpdateCustomerInput>) => save(request.org, request.body);

export const handler = httpHandler({ body: CreateOrUpdateCustomerBody, invalidJson: 'Invalid JSON payload' }, createOrUpdateCustomer);
