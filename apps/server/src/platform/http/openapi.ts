import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDescription } from './api-description';

/**
 * The OpenAPI document is generated from the routes' zod schemas (`app.swagger()`); with
 * `isPublic` it and its reference UI are served at /docs and /docs/json.
 */
export async function registerOpenApi(app: FastifyInstance, options: { version: string; isPublic: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Coffer API',
        description: apiDescription,
        version: options.version,
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'coffer_session' },
          jwtToken: { type: 'apiKey', in: 'header', name: 'jwt-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (options.isPublic) await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
