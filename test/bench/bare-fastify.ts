// The yardstick of the sandbox's search: a bare fastify answering POST /v1/search with the same
// JSON body the sandbox answered, parsing the same request body, nothing else. Prints
// `listening on http://127.0.0.1:PORT` and serves until killed. Env BARE_BODY_FILE: the answer.
import { readFileSync } from 'node:fs';
import fastify from 'fastify';

const answer = readFileSync(process.env.BARE_BODY_FILE!, 'utf8');
const app = fastify({ logger: false });
app.post('/v1/search', async (request, reply) => {
  void request.body;
  return reply.type('application/json; charset=utf-8').send(answer);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${address}`);
