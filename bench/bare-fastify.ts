/**
 * The ceiling of bench/api-overhead.ts: Fastify itself, one JSON route and nothing else, in its own
 * process on PORT/HOST like the app. It answers /v1/health so the load kit's start-up wait works,
 * with a body of the same shape as the app's health answer.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/v1/health', async () => ({ data: { status: 'UP', database: 'UP', version: 'bare' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
