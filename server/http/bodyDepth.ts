import type { FastifyInstance } from 'fastify';
import { ApiError, apiMessages } from './errors';

/** No API body nests deeper than this; a deeper one is refused before any schema check recurses into it. */
export const MAX_JSON_DEPTH = 64;
export const tooDeepMessage = `Nesting is too deep (at most ${MAX_JSON_DEPTH} levels).`;

/** The nesting depth of a parsed JSON value, walked without recursion (a hostile body cannot overflow the stack). */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(node as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export function installBodyDepthCap(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) && jsonDepth(request.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      throw new ApiError(400, apiMessages.invalid, { '/': [tooDeepMessage] });
    }
  });
}
