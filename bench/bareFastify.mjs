// The reference for bench/commerce.bench.ts: a bare Fastify 5 server (no plugins, no hooks, no logger) answering a
// small JSON object on GET /bare. It runs in its own process, like the app server, so both are loaded the same way.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true, name: 'bare', items: [1, 2, 3] }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const stop = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
