// GET /api/users/purchased-contents (domain/purchased-contents/wire.ts): a fan's own
// purchased contents, or — for the staff roles that see chat earnings — any fan's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { seesChatEarnings } from '../../domain/chat/roles';
import { PURCHASED_CONTENTS_OFF, purchasedScope } from '../../domain/purchased-contents/rules';
import { findUser } from '../../projections/users';
import { currentSettings } from '../../projections/settings';
import { isStaffRole, type Role } from '../../domain/shared/wire';
import { ok } from '../http';
import { requireCaller } from '../auth';
import { purchasedContentsQueries } from '../queries/purchased-contents';
import { pageNum } from '../schemas/chat';
import type { Services } from '../services';

const query = z.object({
  user_id: z.string().uuid({ error: 'user_id is invalid.' }).optional(),
  page_num: pageNum,
  type: z.enum(['all', 'post', 'message'], { error: 'type is invalid.' }).optional().default('all'),
});

const forbidden = () => new DomainError('You do not have access to this.', 'FORBIDDEN', 403);

export const purchasedContentsRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const queries = purchasedContentsQueries(services);
  /** The roles that see chat earnings (domain/chat/roles.ts); hide_earnings hides them from the model and the content manager. */
  const seesEarnings = async (role: Role) => {
    const hide = !!((await currentSettings(services.database.db)) as { hide_earnings?: boolean }).hide_earnings;
    return seesChatEarnings(role) && !(hide && (role === 'model' || role === 'content_manager'));
  };

  app.get('/api/users/purchased-contents', { schema: { querystring: query } }, async (request, reply) => {
    const caller = requireCaller(request);
    const q = request.query;
    const staff = isStaffRole(caller.role);
    // A fan (or an admin viewing the site as them) sees their own; staff see a fan's when they see earnings.
    if (!staff && q.user_id && q.user_id !== caller.userId) throw forbidden();
    if (staff && !q.user_id) throw new ValidationError('user_id', 'user_id is required.');
    if (staff && !(await seesEarnings(caller.role))) throw forbidden();
    // A fan follows the creator's purchased_content_settings (page on, which lists, prices); staff see all.
    const scope = purchasedScope((await currentSettings(services.database.db)).purchased_content_settings, q.type, staff);
    if (!scope.enabled) throw new DomainError(PURCHASED_CONTENTS_OFF, 'PURCHASED_CONTENTS_OFF', 403);
    const userId = staff ? q.user_id! : caller.userId;
    const user = await findUser(services.database.db, userId);
    if (!user || (staff && user.role !== 'user')) throw new DomainError('User not found.', 'USER_NOT_FOUND', 404);
    return ok(reply, await queries.page({ id: user.id, name: user.name }, { page: q.page_num, scope, forStaff: staff }));
  });
};
