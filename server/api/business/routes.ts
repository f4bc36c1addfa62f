import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { storeListRoutes } from './stores';
import { customerRoutes } from './customers';
import { projectRoutes } from './projects';
import { collectionRoutes } from './collections';

/** Running the business (issue #16): the staff and owner screens' API, registered in one place. */
export function businessRoutes(app: FastifyInstance, ctx: AppContext) {
  storeListRoutes(app, ctx);
  customerRoutes(app, ctx);
  projectRoutes(app, ctx);
  collectionRoutes(app, ctx);
}
