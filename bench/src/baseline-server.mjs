// The bare Fastify hello-world every HTTP figure is compared with, in a process of its own.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The same framework sending a pre-built answer of `n` bytes (as a compressed cache would): what
// the load generator and loopback allow for an answer that size, to compare a big answer with.
const blobs = new Map();
app.get('/bytes', async (request, reply) => {
  const n = Math.min(Number(request.query.n) || 0, 1 << 20);
  if (!blobs.has(n)) blobs.set(n, Buffer.alloc(n, 120));
  return reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(blobs.get(n));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
