import { ADMIN_USERS_PAGE_SIZE, adminUsersQuerySchema } from '@storyloom/shared/schemas/auth';
import { listUsersForAdmin } from '../../domain/accounts/admin.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'admin', query: adminUsersQuerySchema }, async ({ query }) =>
  ok(await listUsersForAdmin(query.limit ?? ADMIN_USERS_PAGE_SIZE, query.cursor)),
);
