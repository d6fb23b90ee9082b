import type * as z from 'zod/mini';
import { httpHandler, type ApiRequest } from '../../../shared/http/handler';
import { EMAIL_REQUIRED, QueryCustomerBody } from '../../../shared/domain/customer/customer.schema';
import { queryCustomer as query } from '../../../shared/domain/customer/customer.service';

/** POST /api/ext-v1/customer/queryCustomer: customer by email, case-insensitive (spec 4.4). */
export const queryCustomer = (request: ApiRequest<z.output<typeof QueryCustomerBody>>) => query(request.org, request.body.email);

// The spec answers unparsable JSON here with the same text as a missing email.
export const handler = httpHandler({ body: QueryCustomerBody, invalidJson: EMAIL_REQUIRED }, queryCustomer);
