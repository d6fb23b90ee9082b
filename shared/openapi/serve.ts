import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

/** Built once per cold start: the route table and the schemas cannot change within one. */
let built: OpenApiDocument | undefined;

/** This deployment's host URL, as the caller reached it (API Gateway sets x-forwarded-proto; the local stack serves plain HTTP). */
export function hostUrlOf(event: APIGatewayProxyEventV2): string {
  const proto = event.headers?.['x-forwarded-proto']?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return `${proto}://${event.requestContext.domainName}`;
}

/** The document with `servers` pointing at the host the request came to, so "Try it out" calls this deployment. */
export function openApiDocumentFor(event: APIGatewayProxyEventV2): OpenApiDocument {
  built ??= buildOpenApiDocument();
  return { ...built, servers: [{ url: hostUrlOf(event), description: 'This deployment' }] };
}
