import type { FastifyInstance } from 'fastify';
import { TokenRequest, type TokenAnswer, type TokenResponse } from '../../contract/partner/index.ts';
import { TOKEN_LIFETIME_S } from '../auth/jwt.ts';
import type { Sandbox } from '../context.ts';
import { subjectOf } from '../http/guard.ts';
import { ApiProblem, parseOrThrow } from '../http/problem.ts';

/** POST /oauth/token: client credentials for a bearer JWT. */
export function oauthRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  // OAuth clients commonly send a form body; JSON is the contract's form. Both are read here only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/oauth/token', { config: { bucket: 'default' } }, async (request, reply) => {
    const body = parseOrThrow(TokenRequest, request.body);
    const credential = sandbox.accounts.authenticate(body.client_id, body.client_secret);
    if (!credential) throw new ApiProblem('invalid_client', 'The client credentials are invalid or revoked.');
    sandbox.limiter.consume(reply, subjectOf(credential), 'default');
    const token: TokenResponse = {
      access_token: sandbox.jwt.sign({ ...credential, scopes: new Set(credential.scopes) }, Math.floor(sandbox.clock.now() / 1000)),
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_S,
      scope: credential.scopes.join(' '),
      environment: credential.environment,
    };
    reply.header('cache-control', 'no-store');
    // Both readings are served (contract TokenAnswer): RFC 6749 § 5.1 at the top level, the
    // contract's `data` envelope beside it.
    const answer: TokenAnswer = { ...token, data: token };
    return answer;
  });
}
