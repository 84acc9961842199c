import { accountText } from '@storyloom/shared/messages';
import { adminRoleSchema } from '@storyloom/shared/schemas/auth';
import { changeUserRole } from '../../domain/accounts/admin.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'admin', body: adminRoleSchema }, async ({ body, user }) =>
  ok({ message: accountText.roleUpdated, user: await changeUserRole(user.id, body.user_id, body.role) }),
);
