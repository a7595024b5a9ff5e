import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas; the reference UI is /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Coffer API',
        description:
          'Every answer is the envelope `{ code, msg, data }`; `code` 0 is success. Send `LANGUAGE-TYPE` ' +
          '(1 English, 2 Russian, 3 Traditional Chinese, 0 Simplified Chinese) for messages in your language.',
        version,
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
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
